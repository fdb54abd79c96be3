import HabitatCommands
import HabitatEngine
import Testing

@testable import HabitatApp

private let completed = Toast(.success, "Exercise completed! +10 XP, +5 coins")
private let levelUp = Toast(.celebration, "Level up! You reached level 2")
private let slipped = Toast(.warning, "Smoking recorded. -10 life")

@Suite("Text replies")
struct TextReplyTests {
    @Test func oneToastThenOneEmptyLine() {
        #expect(Reply(toasts: [completed]).text(plain: false) == "✅ Exercise completed! +10 XP, +5 coins\n\n")
    }

    @Test func severalToastsEachOnTheirOwnLine() {
        #expect(
            Reply(toasts: [completed, levelUp]).text(plain: false)
                == "✅ Exercise completed! +10 XP, +5 coins\n🎉 Level up! You reached level 2\n\n")
    }

    @Test func detailLinesAreIndentedByTwoSpaces() {
        let reply = Reply(.info, "Your habits (2)", details: ["+ Exercise: +10 XP", "- Smoking: -10 life"])
        #expect(reply.text(plain: false) == "ℹ️ Your habits (2)\n  + Exercise: +10 XP\n  - Smoking: -10 life\n\n")
    }

    @Test func theOnlyEmptyLineIsTheLast() {
        let reply = Reply(toasts: [Toast(.info, "List", details: ["", "b"]), Toast(.success, ""), completed])
        let lines = reply.text(plain: false).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.suffix(2) == ["", ""])
        #expect(lines.dropLast(2).allSatisfy { !$0.isEmpty })
    }

    @Test(arguments: ToastSymbol.all)
    func everyToastStartsWithItsMarker(symbol: ToastSymbol) {
        let text = Reply(toasts: [Toast(symbol, "Message")]).text(plain: false)
        #expect(text == symbol.emoji + " Message\n\n")
    }

    @Test func anError() {
        let reply = Reply(error: HabitatError(.unknownHabit, "No habit 'exersice'. Did you mean 'Exercise'?", symbol: .question))
        #expect(reply.text(plain: false) == "❓ No habit 'exersice'. Did you mean 'Exercise'?\n\n")
        #expect(!reply.ok)
        #expect(reply.code == .unknownHabit)
        #expect(reply.type == .error)
    }
}

@Suite("Plain replies")
struct PlainReplyTests {
    @Test func markersBecomeWords() {
        #expect(Reply(toasts: [completed]).text(plain: true) == "OK: Exercise completed! +10 XP, +5 coins\n\n")
        #expect(Reply(error: HabitatError(.invalidArgument, "Which habit?")).text(plain: true) == "ERROR: Which habit?\n\n")
        #expect(Reply(.info, "Level 1").text(plain: true) == "INFO: Level 1\n\n")
        #expect(Reply(toasts: [slipped]).text(plain: true) == "WARNING: Smoking recorded. -10 life\n\n")
    }

    @Test func detailsStayIndented() {
        let reply = Reply(.info, "Store", details: ["Health Potion: 25 coins"])
        #expect(reply.text(plain: true) == "INFO: Store\n  Health Potion: 25 coins\n\n")
    }

    @Test(arguments: ToastSymbol.all)
    func noMarkerIsLeft(symbol: ToastSymbol) {
        let text = Reply(toasts: [Toast(symbol, "Message")]).text(plain: true)
        #expect(text == symbol.word + " Message\n\n")
        for other in ToastSymbol.all {
            #expect(!text.contains(other.emoji))
        }
    }
}

@Suite("JSON replies")
struct JSONReplyTests {
    @Test func exactlyThisLine() {
        #expect(
            Reply(toasts: [completed]).json(plain: false)
                == #"{"ok":true,"type":"success","text":"✅ Exercise completed! +10 XP, +5 coins","toasts":[{"type":"success","text":"✅ Exercise completed! +10 XP, +5 coins"}]}"#
                + "\n")
    }

    @Test func oneLineEvenWithDetailsAndSeveralToasts() {
        let reply = Reply(toasts: [Toast(.info, "Habits", details: ["a", "b"]), completed, levelUp])
        let line = reply.json(plain: false)
        #expect(line.hasSuffix("\n"))
        #expect(line.filter { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }.count == 1)
        let object = JSON.parse(String(line.dropLast()))
        #expect(object?["text"] == "ℹ️ Habits\n  a\n  b")
        #expect(elements(object?["toasts"]).count == 3)
        #expect(elements(object?["toasts"]).map { keys($0) } == Array(repeating: ["type", "text"], count: 3))
        #expect(elements(object?["toasts"]).map { $0["type"] } == ["info", "success", "success"])
    }

    @Test func keysInOrder() {
        var reply = Reply(error: HabitatError(.notEnoughCoins, "Not enough coins."))
        reply.data = ["coins": 3]
        let object = JSON.parse(String(reply.json(id: 7, plain: false).dropLast()))
        #expect(keys(object) == ["id", "ok", "type", "text", "toasts", "code", "data"])
        #expect(keys(JSON.parse(String(Reply(toasts: [completed]).json(plain: false).dropLast()))) == ["ok", "type", "text", "toasts"])
    }

    @Test func theIdIsEchoed() {
        let reply = Reply(toasts: [completed])
        #expect(reply.json(id: 7, plain: false).hasPrefix(#"{"id":7,"ok":true,"#))
        #expect(reply.json(id: "req-1", plain: false).hasPrefix(#"{"id":"req-1","ok":true,"#))
        #expect(reply.json(id: ["n": 1], plain: false).hasPrefix(#"{"id":{"n":1},"ok":true,"#))
    }

    @Test func anError() {
        let reply = Reply(error: HabitatError(.unknownCommand, "I don't know 'xyzzy'.", symbol: .question))
        #expect(
            reply.json(plain: false)
                == #"{"ok":false,"type":"error","text":"❓ I don't know 'xyzzy'.","toasts":[{"type":"error","text":"❓ I don't know 'xyzzy'."}],"code":"unknown_command"}"#
                + "\n")
    }

    @Test func everyErrorCodeIsWrittenAsItsStableName() {
        for code in ErrorCode.all {
            let object = JSON.parse(String(Reply(error: HabitatError(code, "x")).json(plain: false).dropLast()))
            #expect(object?["code"]?.stringValue == code.rawValue)
            #expect(object?["ok"] == .bool(false))
        }
    }

    @Test func aBadHabitIsCarriedOutButColouredAsAnError() {
        let object = JSON.parse(String(Reply(toasts: [slipped]).json(plain: false).dropLast()))
        #expect(object?["ok"] == .bool(true))
        #expect(object?["type"] == "error")
        #expect(object?["text"] == "⚠️ Smoking recorded. -10 life")
        #expect(object?["code"] == nil)
    }

    @Test func plainModeAppliesToJSONText() {
        let object = JSON.parse(String(Reply(toasts: [completed]).json(plain: true).dropLast()))
        #expect(object?["text"] == "OK: Exercise completed! +10 XP, +5 coins")
        #expect(elements(object?["toasts"]).first?["text"] == "OK: Exercise completed! +10 XP, +5 coins")
    }

    @Test func aReplyWithoutToastsIsStillWellFormed() {
        let reply = Reply(toasts: [])
        #expect(reply.type == .info)
        #expect(reply.json(plain: false) == #"{"ok":true,"type":"info","text":"","toasts":[]}"# + "\n")
    }

    @Test func dataIsWrittenAsGiven() {
        let reply = Reply(.info, "Status", data: ["level": 2, "areas": []])
        #expect(reply.json(plain: false).hasSuffix(#","data":{"level":2,"areas":[]}}"# + "\n"))
    }
}

@Suite("Events")
struct EventTests {
    @Test func anEventStartsWithItsKindAndHasNoOk() {
        let line = Reply.event("timer", toasts: [Toast(.timer, "10 min of Meditation done! +10 XP, +5 coins")], plain: false)
        #expect(
            line
                == #"{"event":"timer","type":"success","text":"⏰ 10 min of Meditation done! +10 XP, +5 coins","toasts":[{"type":"success","text":"⏰ 10 min of Meditation done! +10 XP, +5 coins"}]}"#
                + "\n")
        #expect(JSON.parse(String(line.dropLast()))?["ok"] == nil)
    }

    @Test func extraFieldsComeRightAfterTheKindAndDataLast() {
        let line = Reply.event(
            "room", toasts: [Toast(.room, "bob did Dishes (+10 XP)")], data: ["room": "smiths"], plain: true,
            extra: [("user", "irc:alice")])
        let object = JSON.parse(String(line.dropLast()))
        #expect(keys(object) == ["event", "user", "type", "text", "toasts", "data"])
        #expect(object?["text"] == "INFO: bob did Dishes (+10 XP)")
        #expect(line.hasPrefix(#"{"event":"room","#))
        #expect(line.filter { $0 == "\n" }.count == 1)
    }
}
