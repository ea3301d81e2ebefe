extension AuthenticationFailure {
    /// The `reason` label of `hotels_wssecurity_failures_total`: the cause without its
    /// numbers (how many seconds too old), so the set of series is fixed and small. Like the
    /// log line, it never carries the user, a password, a digest or a nonce.
    var metricReason: String {
        switch code {
        case .missingToken: "missing_token"
        case .ambiguous: "ambiguous_header"
        case .noUsername: "no_username"
        case .unsupportedPasswordType: "unsupported_password_type"
        case .noPassword: "no_password"
        case .unsupportedNonceEncoding: "unsupported_nonce_encoding"
        case .badNonce: "bad_nonce"
        case .badTime: "bad_time"
        case .digestWithoutNonceOrCreated: "digest_without_nonce_or_created"
        case .expiresBeforeCreated: "expires_before_created"
        case .createdTooOld: "created_too_old"
        case .createdInFuture: "created_in_future"
        case .expired: "expired"
        case .nonceBelowFloor: "nonce_below_floor"
        case .unknownUser: "unknown_user"
        case .wrongPassword: "wrong_password"
        case .replayed: "replayed"
        }
    }

    /// Every value of ``metricReason``, so each counter exists (at 0) from the start.
    static let metricReasons = [
        "missing_token", "ambiguous_header", "no_username", "unsupported_password_type", "no_password",
        "unsupported_nonce_encoding", "bad_nonce", "bad_time", "digest_without_nonce_or_created", "expires_before_created",
        "created_too_old", "created_in_future", "expired", "nonce_below_floor", "unknown_user", "wrong_password", "replayed",
    ]
}
