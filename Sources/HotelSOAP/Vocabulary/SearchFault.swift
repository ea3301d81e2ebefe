/// The `SearchFault` detail of the contract: a machine-readable code and the field at fault.
///
/// ```swift
/// if fault.detail?.code == .invalidValue, let field = fault.detail?.field { print("fix \(field)") }
/// ```
public struct SearchFault: Sendable, Equatable {
    public var code: SearchFaultCode
    public var message: String
    /// The request field at fault, as a path like `Near/Latitude`.
    public var field: String?

    public init(code: SearchFaultCode, message: String, field: String? = nil) {
        self.code = code
        self.message = message
        self.field = field
    }
}
