/// A value a reader found in the source, or the fact that it exists only at run time.
///
/// Readers never guess: `titleLabel.text = response.name` is `.unknown`, and a rule that needs the value
/// stays silent.
public enum Known<Value: Sendable & Hashable>: Sendable, Hashable {
    case known(Value)
    case unknown

    /// The value, when the source gives it.
    public var value: Value? {
        if case .known(let v) = self { return v }
        return nil
    }

    public var isKnown: Bool { value != nil }

    public func map<T>(_ transform: (Value) -> T) -> Known<T> {
        switch self {
        case .known(let v): return .known(transform(v))
        case .unknown: return .unknown
        }
    }
}
