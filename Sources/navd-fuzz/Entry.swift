import NavFuzz

#if FUZZING
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// The target `NAVD_FUZZ_TARGET` names, read once.
    let selected: FuzzTarget = {
        let name = getenv("NAVD_FUZZ_TARGET").map { String(cString: $0) } ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            fatalError(
                "set NAVD_FUZZ_TARGET to one of \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")) (it is '\(name)')")
        }
        return target
    }()

    /// libFuzzer's entry point (built with `-sanitize=fuzzer`, which supplies `main`).
    @_cdecl("LLVMFuzzerTestOneInput")
    public func navdFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        selected.run(bytes)
        return 0
    }
#else
    import Foundation

    /// Without libFuzzer: `navd-fuzz TARGET FILE...` runs the target on each file, to reproduce a crash.
    @main
    struct Replay {
        static func main() throws {
            let arguments = CommandLine.arguments.dropFirst()
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
                FileHandle.standardError.write(
                    Data(
                        "usage: navd-fuzz TARGET FILE...  (targets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")))\n"
                            .utf8))
                exit(2)
            }
            for file in arguments.dropFirst() {
                target.run(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
                print("\(target.rawValue): \(file): ok")
            }
        }
    }
#endif
