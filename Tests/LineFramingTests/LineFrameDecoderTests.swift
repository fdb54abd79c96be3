import NIOCore
import NIOEmbedded
import Testing

import LineFraming

@Suite("Line framing")
struct LineFrameDecoderTests {
    func frames(_ chunks: [String], max: Int = 8) throws -> [LineFrame] {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(LineFrameDecoder(maximumLength: max)))
        for chunk in chunks { try channel.writeInbound(ByteBuffer(string: chunk)) }
        var frames: [LineFrame] = []
        while let frame = try channel.readInbound(as: LineFrame.self) { frames.append(frame) }
        _ = try? channel.finish()
        return frames
    }

    func line(_ text: String) -> LineFrame { .line(ByteBuffer(string: text)) }

    @Test func splitsOnLineFeedAndDropsCarriageReturn() throws {
        #expect(try frames(["status\r\nhabits\n"]) == [line("status"), line("habits")])
    }

    @Test func joinsALineSentInPieces() throws {
        #expect(try frames(["sta", "tu", "s\n"]) == [line("status")])
    }

    @Test func emptyLinesAreFramesToo() throws {
        #expect(try frames(["\n\r\n"]) == [line(""), line("")])
    }

    @Test func aLineOverTheLimitIsReportedOnceAndSkipped() throws {
        #expect(try frames(["123456789012345", "67890\nok\n"]) == [.tooLong(firstByte: UInt8(ascii: "1")), line("ok")])
    }

    @Test func aLongLineArrivingWholeIsReportedAndTheNextLineSurvives() throws {
        #expect(try frames(["123456789\nstatus\n"]) == [.tooLong(firstByte: UInt8(ascii: "1")), line("status")])
    }

    @Test func aLineOfExactlyTheLimitIsAccepted() throws {
        #expect(try frames(["12345678\n"]) == [line("12345678")])
    }

    @Test func aLineOfExactlyTheLimitEndingInCRLFIsAcceptedHoweverItArrives() throws {
        // The CR is part of the line's end, not of the line, even when the LF comes in the next read.
        #expect(try frames(["12345678\r", "\n"]) == [line("12345678")])
        #expect(try frames(["12345678\r", "\nok\n"]) == [line("12345678"), line("ok")])
        // One byte more is too long, CR or not.
        #expect(try frames(["123456789\r", "\nok\n"]) == [.tooLong(firstByte: UInt8(ascii: "1")), line("ok")])
        #expect(try frames(["12345678x", "\r\nok\n"]) == [.tooLong(firstByte: UInt8(ascii: "1")), line("ok")])
    }

    @Test func neverBuffersMoreThanTheLimitOfAnEndlessLine() throws {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(LineFrameDecoder(maximumLength: 8)))
        for _ in 0..<1000 { try channel.writeInbound(ByteBuffer(string: "xxxxxxxxxx")) }
        try channel.writeInbound(ByteBuffer(string: "\nstatus\n"))
        #expect(try channel.readInbound(as: LineFrame.self) == .tooLong(firstByte: UInt8(ascii: "x")))
        #expect(try channel.readInbound(as: LineFrame.self) == line("status"))
        #expect(try channel.readInbound(as: LineFrame.self) == nil)
    }

    @Test func aLineOverTheLimitTellsItsFirstByteAfterSpaces() throws {
        #expect(try frames(["  \t{\"text\"", ": 1234}\n"]) == [.tooLong(firstByte: UInt8(ascii: "{"))])
        #expect(try frames(["  {\"text\": 1}\n"]) == [.tooLong(firstByte: UInt8(ascii: "{"))])
        #expect(try frames(["          \n"]) == [.tooLong(firstByte: nil)])
    }

    /// Found by fuzz-lines: a line of spaces past the limit, then a JSON request, was told apart by how it arrived
    /// (read whole, its `{` beyond the limit counted; byte by byte, it did not), so its error was JSON or text by chance.
    @Test func aLineOverTheLimitLooksOnlyWithinTheLimitForItsFirstByte() throws {
        let line = String(repeating: " ", count: 12) + #"{"text": "status"}"# + "\n"
        #expect(try frames([line]) == [.tooLong(firstByte: nil)])
        #expect(try frames(line.map { String($0) }) == [.tooLong(firstByte: nil)])
        #expect(try frames(["          ", #"{"text": "status"}"# + "\n"]) == [.tooLong(firstByte: nil)])
        #expect(try frames(["       {", #""text": "status"}"# + "\n"]) == [.tooLong(firstByte: UInt8(ascii: "{"))])
    }
}
