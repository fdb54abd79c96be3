import NIOCore
import NIOEmbedded
import Testing

import LineFraming

/// The decoder as the bridges read lines: text, too-long lines skipped.
@Suite("Text lines")
struct TextLineDecoderTests {
    func decoderChannel(maximumLength: Int = 16) -> EmbeddedChannel {
        EmbeddedChannel(handler: ByteToMessageHandler(LineFrameDecoder.text(maximumLength: maximumLength)))
    }

    func readLines(_ channel: EmbeddedChannel) throws -> [String] {
        var lines: [String] = []
        while let line = try channel.readInbound(as: String.self) { lines.append(line) }
        return lines
    }

    @Test func linesEndInLFOrCRLFAndMayArriveByteByByte() throws {
        let channel = decoderChannel()
        for byte in Array("PING :a\r\nPONG b\nx".utf8) { try channel.writeInbound(ByteBuffer(bytes: [byte])) }
        #expect(try readLines(channel) == ["PING :a", "PONG b"])
        _ = try channel.finish()
        #expect(try readLines(channel) == ["x"])
    }

    @Test func aTooLongLineIsSkippedAndTheNextOneRead() throws {
        let channel = decoderChannel(maximumLength: 8)
        try channel.writeInbound(ByteBuffer(string: "0123456789"))
        try channel.writeInbound(ByteBuffer(string: "abcdef\nok\n123456789\nfine\n"))
        #expect(try readLines(channel) == ["ok", "fine"])
        _ = try channel.finish()
    }

    @Test func invalidUTF8BecomesReplacementCharacters() throws {
        let channel = decoderChannel()
        try channel.writeInbound(ByteBuffer(bytes: [0x68, 0xFF, 0x69, 0x0A]))
        #expect(try readLines(channel) == ["h\u{FFFD}i"])
        _ = try channel.finish()
    }
}
