/// The `SearchFault` detail of the contract: a machine-readable code and the field at fault.
///
/// ```swift
/// if fault.detail?.code == .invalidValue, let field = fault.detail?.field { print("fix \(field)") }
/// ```
public struct SearchFault: Sendable, Equatable {
    /// What went wrong, for a program: the `Code` element.
    public var code: SearchFaultCode
    /// What went wrong, for a person: the `Message` element.
    public var message: String
    /// The request field at fault, as a path like `Near/Latitude`.
    public var field: String?

    /// `field` names the request field at fault, when one is.
    public init(code: SearchFaultCode, message: String, field: String? = nil) {
        self.code = code
        self.message = message
        self.field = field
    }
}
