import Hummingbird

extension RequestContext {
    /// The id Hummingbird put in the request's logger metadata, for a fault to quote.
    ///
    /// Hummingbird's own `id` force-unwraps that metadata, and a log handler that keeps no
    /// metadata (`SwiftLogNoOpLogHandler`, which `hotels demo` and `browse --demo` run their
    /// in-process server with) returns nil: the first internal error would have crashed
    /// the whole program. A handler like that logs nothing the id could be matched with,
    /// so a fresh id is as good as any.
    var requestID: String {
        logger[metadataKey: "hb.request.id"]?.description ?? RequestID().description
    }
}
