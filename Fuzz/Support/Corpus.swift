import Foundation

/// A fuzzer's `main`. Built with libFuzzer (`-sanitize=fuzzer -DFUZZING`, as scripts/fuzz builds) it hands the
/// command line to libFuzzer, which calls `check` with input after input; a plain build replays the corpus folders
/// named on the command line with the same checks and prints how many inputs ran.
public func fuzzMain(_ check: @escaping ([UInt8]) -> Void) {
    #if FUZZING
    FuzzTarget.check = check
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOne))
    #else
    print("\(replay(Array(CommandLine.arguments.dropFirst()), check)) inputs, no fault")
    #endif
}

#if FUZZING
/// libFuzzer's driver (LLVM 11 and later): parses libFuzzer's flags from the command line and runs `callback` on
/// each input. A fuzzer calls it from its own `main` (SwiftPM links an executable's `main` to its module's).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// What libFuzzer's own `main` would call; linked in with it, though the fuzzer's `main` (which SwiftPM links as
/// `main`) runs the driver itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTarget.check(start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
    return 0
}

/// The check the C callback calls: set once, before libFuzzer starts, and read from libFuzzer's one thread.
enum FuzzTarget {
    nonisolated(unsafe) static var check: ([UInt8]) -> Void = { _ in }
}
#endif

/// Runs `body` on every file of the corpus folders named on the command line (or on each file named), as a fuzzer
/// would on its seeds: a build without libFuzzer replays the committed corpus with the same checks, so every crash
/// the fuzzer ever found stays a test. Returns how many inputs ran.
public func replay(_ arguments: [String], _ body: ([UInt8]) -> Void) -> Int {
    var count = 0
    for path in arguments {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            FileHandle.standardError.write(Data("no such corpus: \(path)\n".utf8))
            exit(2)
        }
        let files = isDirectory.boolValue
            ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { path + "/" + $0 } : [path]
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            body(Array(data))
            count += 1
        }
    }
    return count
}

/// Reads numbers out of a fuzzer's bytes, one byte at a time; zeros once they run out.
public struct ByteReader {
    private let bytes: [UInt8]
    private var index = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var isEmpty: Bool { index >= bytes.count }

    public mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// A number in `0..<count` (`count` at most 256).
    public mutating func pick(_ count: Int) -> Int { Int(byte()) % max(1, count) }

    /// One of `choices`.
    public mutating func pick<T>(_ choices: [T]) -> T { choices[pick(choices.count)] }

    /// The bytes not read yet.
    public mutating func rest() -> [UInt8] {
        defer { index = bytes.count }
        return index < bytes.count ? Array(bytes[index...]) : []
    }
}

/// Stops the run with what broke, for the fuzzer to keep the input that did it.
public func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    guard condition() else {
        FileHandle.standardError.write(Data("invariant broken: \(message())\n".utf8))
        abort()
    }
}
