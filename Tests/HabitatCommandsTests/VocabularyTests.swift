import HabitatCommands
import HabitatEngine
import HabitatHousehold
import Testing

@testable import HabitatApp

/// The line protocol's words: every error code and toast marker a client can see, the game's and the server's.
@Suite struct VocabularyTests {
    @Test func errorCodesIncludeEveryStableCodeOfTheSpec() {
        let spec = [
            "auth_required", "bad_credentials", "name_taken", "invalid_name", "unknown_command", "unknown_habit",
            "unknown_item", "ambiguous", "not_enough_coins", "health_full", "game_over", "invalid_argument",
            "forbidden", "not_found", "line_too_long", "invalid_utf8", "rate_limited", "busy", "internal",
        ]
        let codes = Set(ErrorCode.all.map(\.rawValue))
        for code in spec {
            #expect(codes.contains(code), "missing error code \(code)")
        }
        #expect(ErrorCode.gameOver.rawValue == "game_over")
        #expect(ErrorCode.healthFull.rawValue == "health_full")
        #expect(ErrorCode.notEnoughCoins.rawValue == "not_enough_coins")
        #expect(ErrorCode.unknownHabit.rawValue == "unknown_habit")
    }

    @Test func everyCodeIsTheGamesARoomsOrTheProtocolsOnce() {
        #expect(ErrorCode.all.count == Set(ErrorCode.all).count)
        #expect(ErrorCode.all.count == 24)
        #expect(ErrorCode.household.map(\.rawValue) == ["forbidden", "invalid_name", "already_done"])
        #expect(ErrorCode.storageFull.rawValue == "storage_full")
        #expect(ErrorCode.unavailable.rawValue == "unavailable")
        #expect(ErrorCode.limitReached.rawValue == "limit_reached")
    }

    /// The game's own markers are pinned with the engine (`ToastTests`); these are the server's.
    @Test func markersMatchTheSpec() {
        #expect(ToastSymbol.timer.emoji == "⏰")
        #expect(ToastSymbol.room.emoji == "🏠")
        #expect(ToastSymbol.greeting.emoji == "👋")
        #expect(ToastSymbol.ask.emoji == "❔")
    }

    /// The marker table of line-protocol.md, row by row: marker, plain word, colour.
    @Test func everyMarkerHasTheWordAndColourOfTheProtocolTable() {
        let table: [(ToastSymbol, String, String, ToastType)] = [
            (.success, "✅", "OK:", .success), (.celebration, "🎉", "YAY:", .success), (.potion, "🧪", "OK:", .success),
            (.reward, "🎁", "OK:", .success), (.running, "🏃", "OK:", .success), (.timer, "⏰", "OK:", .success),
            (.reminder, "⏰", "REMINDER:", .info),
            (.warning, "⚠️", "WARNING:", .error), (.gameOver, "💀", "GAME OVER:", .error), (.error, "❌", "ERROR:", .error),
            (.question, "❓", "ERROR:", .error), (.info, "ℹ️", "INFO:", .info), (.undo, "↩️", "INFO:", .info),
            (.pause, "⏸️", "INFO:", .info), (.resume, "▶️", "INFO:", .info),
            (.greeting, "👋", "INFO:", .info), (.room, "🏠", "INFO:", .info), (.ask, "❔", "QUESTION:", .info),
        ]
        #expect(Set(table.map(\.0)) == Set(ToastSymbol.all))
        for (symbol, emoji, word, type) in table {
            #expect(symbol.emoji == emoji, "\(symbol)")
            #expect(symbol.word == word, "\(symbol)")
            #expect(symbol.type == type, "\(symbol)")
        }
    }

    @Test func aMarkerIsFoundByItsNameAsSavedToasts() {
        for symbol in ToastSymbol.all { #expect(ToastSymbol.named(symbol.name) == symbol) }
        #expect(ToastSymbol.named("gameOver") == .gameOver)
        #expect(ToastSymbol.named("sparkles") == nil)
    }

    @Test func everySymbolHasAMarkerAndAWord() {
        for symbol in ToastSymbol.all {
            #expect(!symbol.emoji.isEmpty)
            #expect(symbol.word.hasSuffix(":"))
        }
    }
}
