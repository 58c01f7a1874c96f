extension JSON {
    /// The compact UTF-8 encoding of this value, members in order, no insignificant white space.
    public func serializedBytes() -> [UInt8] {
        Array(serialized().utf8)
    }

    /// The compact encoding of this value as a string.
    public func serialized() -> String {
        ""
    }
}
