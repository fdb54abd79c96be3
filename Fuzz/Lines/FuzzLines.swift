import FuzzSupport
import HabitatCommands
import LineFraming
import NIOCore

/// The line framer and request reading over any byte stream: the same frames however the stream is cut into reads,
/// no line longer than the limit, never more than the limit held of an unfinished one, and every frame read as a
/// request (or refused) without a fault. The first byte sets the limit (16–271 bytes), the second how the stream is cut.
func check(_ data: [UInt8]) {
    var reader = ByteReader(data)
    let maxLine = 16 + reader.pick(256)
    let cut = Int(reader.byte())
    let stream = reader.rest()
    var sizes: [Int] = []
    var total = 0
    while total < stream.count {
        let size = 1 + (cut &+ sizes.count &* 7) % (cut % 61 + 1)
        sizes.append(size)
        total += size
    }
    let whole = frames(of: stream, reads: [stream.count], maxLine: maxLine)
    require(frames(of: stream, reads: sizes, maxLine: maxLine) == whole, "cut into reads of \(sizes), the frames differ")
    for frame in whole {
        let line = IncomingLine(frame, maxLine: maxLine)
        for bridge in [false, true] {
            switch Reading(line, bridge: bridge) {
            case .blank:
                guard case .text(let text) = line else { return require(false, "a frame that is no text read as blank") }
                require(text.unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0.properties.generalCategory == .format }, "\(text.debugDescription) read as blank")
            case .request(let request):
                require(bridge || request.asJSON || !request.text.isEmpty, "an empty request from \(line)")
            case .unreadable(_, let error):
                require([.lineTooLong, .invalidUTF8, .invalidArgument].contains(error.code), "a line refused with \(error.code)")
            }
        }
    }
}

/// The frames of `stream` arriving in reads of the given sizes.
func frames(of stream: [UInt8], reads: [Int], maxLine: Int) -> [LineFrame] {
    var framer = LineFramer(maximumLength: maxLine)
    var buffer = ByteBuffer()
    var frames: [LineFrame] = []
    var offset = 0
    for size in reads {
        let end = min(stream.count, offset + size)
        buffer.writeBytes(stream[offset..<end])
        offset = end
        while let frame = framer.next(from: &buffer) {
            if case .line(let bytes) = frame { require(bytes.readableBytes <= maxLine, "a line of \(bytes.readableBytes) bytes passed") }
            frames.append(frame)
        }
        require(buffer.readableBytes <= maxLine + 1, "the framer holds \(buffer.readableBytes) bytes of an unfinished line")
    }
    return frames
}

@main
struct Fuzzer {
    static func main() { fuzzMain(check) }
}
