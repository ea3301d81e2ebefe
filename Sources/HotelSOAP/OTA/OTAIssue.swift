/// One `Error` or `Warning` of an OTA response: an Error Warning Type (EWT code list) and an
/// Error Code (ERR code list), with a sentence for people.
///
/// ```swift
/// let issue = OTAIssue(type: .bizRule, code: .invalidHotel, text: "no hotel has HotelCode H9")
/// ```
public struct OTAIssue: Sendable, Equatable {
    /// EWT: which kind of problem (`3` business rule, `2` not implemented…).
    public struct Kind: Sendable, Equatable, Hashable {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// EWT 1.
        public static let unknown = Kind("1")
        /// EWT 2: the service does not implement what was asked (ignored criteria).
        public static let noImplementation = Kind("2")
        /// EWT 3: the request breaks a business rule (bad dates, unknown codes).
        public static let bizRule = Kind("3")
        /// EWT 10: something required is missing.
        public static let requiredFieldMissing = Kind("10")
        /// EWT 11: information only.
        public static let advisory = Kind("11")
    }

    /// ERR: which problem. Open, like the other vocabularies here.
    public struct Code: Sendable, Equatable, Hashable {
        public let rawValue: String
        /// A short name for `ShortText` (at most 64 characters, as the schema allows).
        public let shortText: String
        public init(_ rawValue: String, _ shortText: String) {
            self.rawValue = rawValue
            self.shortText = shortText
        }
        public static let invalidDate = Code("15", "Invalid date")
        public static let invalidCurrency = Code("61", "Invalid currency code")
        public static let invalidValue = Code("320", "Invalid value")
        public static let requiredFieldMissing = Code("321", "Required field missing")
        public static let invalidHotel = Code("392", "Invalid hotel code")
        public static let invalidDateCombination = Code("404", "Invalid start date-end date combination")
        public static let unableToProcess = Code("450", "Unable to process")
        /// A `MoreDataEchoToken` from before the catalog changed: the client starts the search
        /// again. ERR 450 (the request cannot be processed as sent), with a ShortText of its own
        /// so a client can tell it from the others.
        public static let resultsChanged = Code("450", "Results changed; search again")
    }

    public var type: Kind
    public var code: Code
    /// The sentence written as the element's text.
    public var text: String

    public init(type: Kind, code: Code, text: String) {
        self.type = type
        self.code = code
        self.text = text
    }
}
