import HabitatCommands
import HabitatEngine
import Testing

@testable import HabitatApp

@Suite("status")
struct StatusViewTests {
    @Test func dataFieldsAreNamedAsTheProtocolSays() {
        let data = Views.status(Sample.state()).data
        #expect(keys(data) == ["level", "xp", "xp_needed", "coins", "health", "max_health", "state", "areas"])
        #expect(
            data?.serialized
                == #"{"level":3,"xp":40,"xp_needed":200,"coins":12,"health":870,"max_health":1000,"state":"active","areas":[{"name":"Fitness","level":2,"xp":30,"xp_needed":150}]}"#
        )
    }

    @Test func text() {
        #expect(
            Views.status(Sample.state()).text(plain: false)
                == "ℹ️ Level 3 · 40/200 XP · 870/1000 health · 12 coins\n  Fitness: level 2, 30/150 XP\n\n")
    }

    @Test func aNewPlayer() {
        let reply = Views.status(GameState())
        #expect(reply.text(plain: true) == "INFO: Level 1 · 0/100 XP · 1000/1000 health · 0 coins\n\n")
        #expect(reply.data?["areas"] == [])
        #expect(reply.data?["state"] == "active")
    }

    @Test func gameOver() {
        let reply = Views.status(Sample.state(health: 0, life: .gameOver))
        #expect(reply.data?["state"] == "game_over")
        #expect(reply.data?["challenge"] == nil)
        #expect(reply.toasts[0].details.last == "Game over — type 'start challenge' and run 5 km to recover.")
    }

    @Test func recoveryShowsTheChallenge() {
        let challenge = Challenge(targetKm: 5, progressKm: 2.5, started: day("2026-11-19"))
        let reply = Views.status(Sample.state(health: 0, life: .recovery, challenge: challenge))
        #expect(reply.data?["state"] == "recovery")
        #expect(keys(reply.data).last == "challenge")
        #expect(reply.data?["challenge"]?.serialized == #"{"target_km":5,"progress_km":2.5,"started":"2026-11-19"}"#)
        #expect(reply.toasts[0].details.last == "Recovery run: 2.5 / 5.0 km ▓▓▓▓▓░░░░░")
    }

    @Test func aChallengeLeftOverOutsideRecoveryIsNotShown() {
        let challenge = Challenge(targetKm: 5, progressKm: 5, started: day("2026-11-19"))
        #expect(Views.status(Sample.state(challenge: challenge)).data?["challenge"] == nil)
    }

    @Test(arguments: [
        (0.0, "0.0 / 5.0 km ░░░░░░░░░░"), (2.5, "2.5 / 5.0 km ▓▓▓▓▓░░░░░"), (4.99, "4.9 / 5.0 km ▓▓▓▓▓▓▓▓▓░"),
        (5.0, "5.0 / 5.0 km ▓▓▓▓▓▓▓▓▓▓"), (7.0, "7.0 / 5.0 km ▓▓▓▓▓▓▓▓▓▓"),
    ])
    func progressBar(progress: Double, bar: String) {
        #expect(Challenge(targetKm: 5, progressKm: progress, started: Sample.today).progressBar == bar)
    }
}

@Suite("habits")
struct HabitsViewTests {
    let state = Sample.state(habits: [Sample.exercise, Sample.smoking, Sample.wakeUp, Sample.flossing])

    @Test func dataFieldsAreNamedAsTheProtocolSays() {
        let habits = elements(Views.habits(state, today: Sample.today, days: Sample.days).data?["habits"])
        #expect(habits.count == 3)
        for habit in habits {
            #expect(
                keys(habit) == [
                    "name", "kind", "xp", "coins", "life", "area", "archived", "streak", "best_streak", "streak_unit", "strength",
                    "tracks_time", "schedule", "due_today", "paused_until", "target", "limit", "unit", "amount_today",
                    "life_if_missed",
                ])
        }
        #expect(
            habits.map { $0.serialized } == [
                #"{"name":"Exercise","kind":"good","xp":15,"coins":3,"life":0,"area":"Fitness","archived":false,"streak":4,"best_streak":6,"streak_unit":"days","strength":37,"tracks_time":false,"schedule":"every day","due_today":true,"paused_until":null,"target":null,"limit":null,"unit":null,"amount_today":0,"life_if_missed":0}"#,
                #"{"name":"Smoking","kind":"bad","xp":0,"coins":0,"life":25,"area":null,"archived":false,"streak":10,"best_streak":10,"streak_unit":"days","strength":41,"tracks_time":false,"schedule":"every day","due_today":false,"paused_until":null,"target":null,"limit":null,"unit":null,"amount_today":0,"life_if_missed":0}"#,
                #"{"name":"Wake up","kind":"good","xp":10,"coins":5,"life":0,"area":null,"archived":false,"streak":0,"best_streak":0,"streak_unit":"days","strength":0,"tracks_time":true,"schedule":"every day","due_today":true,"paused_until":null,"target":null,"limit":null,"unit":null,"amount_today":0,"life_if_missed":0}"#,
            ])
    }

    @Test func text() {
        #expect(
            Views.habits(state, today: Sample.today, days: Sample.days).text(plain: false)
                == """
                ℹ️ Your habits (3)
                  + Exercise [Fitness]: +15 XP, +3 coins · streak 4 (best 6) · strength 37%
                  - Smoking: -25 life · 10 days clean (best 10) · strength 41%
                  + Wake up: +10 XP, +5 coins · streak 0 (best 0) · strength 0% · tracks time


                """)
    }

    @Test func archivedHabitsAreHidden() {
        let reply = Views.habits(state, today: Sample.today, days: Sample.days)
        #expect(!reply.text(plain: false).contains("Flossing"))
        #expect(!(reply.data?.serialized.contains("Flossing") ?? true))
    }

    @Test func noHabitsYet() {
        let reply = Views.habits(Sample.state(habits: []), today: Sample.today, days: [:])
        #expect(reply.ok)
        #expect(reply.toasts[0].message.hasPrefix("No habits yet."))
        #expect(reply.data == ["habits": []])
    }
}

@Suite("store")
struct StoreViewTests {
    @Test func dataFieldsAreNamedAsTheProtocolSays() {
        let data = Views.store(Sample.state()).data
        #expect(keys(data) == ["coins", "items"])
        #expect(elements(data?["items"]).allSatisfy { keys($0) == ["name", "price", "kind"] })
        #expect(
            data?.serialized
                == #"{"coins":12,"items":[{"name":"Health Potion","price":25,"kind":"potion"},{"name":"Movie night","price":100,"kind":"reward"}]}"#
        )
    }

    @Test func text() {
        #expect(
            Views.store(Sample.state(coins: 1)).text(plain: false)
                == "ℹ️ Store — you have 1 coin. Buy with 'buy <item>'.\n  Health Potion: 25 coins (+300 health)\n  Movie night: 100 coins\n\n")
    }

    @Test func plural() {
        #expect(Views.plural(0, "coin") == "0 coins")
        #expect(Views.plural(1, "coin") == "1 coin")
        #expect(Views.plural(2, "day") == "2 days")
    }
}

@Suite("Typed, carried out, answered")
struct OutcomeViewTests {
    var state = Sample.state(
        level: 1, xp: 0, coins: 0, health: 1000,
        habits: [
            Habit(id: 1, name: "Exercise", kind: .good, created: Sample.today - 5),
            Habit(id: 2, name: "Smoking", kind: .bad, created: Sample.today - 5),
        ], areas: [], rewards: [])

    mutating func answer(_ line: String) throws -> Reply {
        guard let recording = (try parse(line) as? Did)?.recording else {
            Issue.record("'\(line)' is not a recording")
            return Reply(toasts: [])
        }
        let outcome = try state.apply(.record(recording), at: Sample.now)
        return Views.outcome(outcome, state)
    }

    @Test mutating func aGoodHabit() throws {
        let reply = try answer("did exer")
        #expect(reply.text(plain: false) == "✅ Exercise completed! +10 XP, +5 coins\n\n")
        #expect(reply.data?["xp"] == 10)
        #expect(reply.data?["coins"] == 5)
        #expect(keys(reply.data) == ["level", "xp", "xp_needed", "coins", "health", "max_health", "state", "areas"])
    }

    @Test mutating func aLevelUpIsItsOwnLine() throws {
        state.profile.progress = Progress(level: 1, xp: 95)
        let reply = try answer("exercise done")
        #expect(reply.text(plain: false) == "✅ Exercise completed! +10 XP, +5 coins\n🎉 Level up! You reached level 2\n\n")
    }

    @Test mutating func aBadHabitIsOkWithAnErrorColour() throws {
        let reply = try answer("slipped smoking")
        #expect(reply.text(plain: false) == "⚠️ Smoking recorded. -10 life\n\n")
        let object = JSON.parse(String(reply.json(id: "r1", plain: false).dropLast()))
        #expect(object?["id"] == "r1")
        #expect(object?["ok"] == .bool(true))
        #expect(object?["type"] == "error")
        #expect(object?["code"] == nil)
        #expect(object?["data"]?["health"] == 990)
    }
}

@Suite("routines")
struct RoutinesViewTests {
    @Test func aRoutineWithNothingLeftToRecordSaysSo() {
        var state = Sample.state(habits: [Sample.exercise, Sample.flossing])
        state.routines = [Routine(id: 1, name: "Morning", habitIDs: [1]), Routine(id: 2, name: "Evening", habitIDs: [4, 9])]
        let reply = Views.routines(state)
        #expect(reply.text(plain: false) == """
            ℹ️ Your routines (2) — record one with 'did <routine>'
              Morning: Exercise (+15 XP, +3 coins)
              Evening: no habits left to record (archived or deleted)


            """)
        #expect(elements(reply.data?["routines"]).last?["habits"] == .array([]))
    }
}

@Suite("archive")
struct ArchiveViewTests {
    /// An archived habit's count is every time recorded, as history and the heatmap count them: `x3` is three.
    @Test func anArchivedHabitCountsEveryTimeRecorded() throws {
        let pushups = Habit(id: 5, name: "Pushups", kind: .good, life: 0, created: Sample.today - 3)
        var state = Sample.state(habits: [pushups])
        _ = try state.apply(.record(Recording(habit: "pushups", times: 3)), at: Sample.now)
        _ = try state.apply(.record(Recording(habit: "pushups")), at: Sample.now)
        _ = try state.apply(.archive("pushups"), at: Sample.now)
        #expect(Views.archive(state, today: Sample.today, days: [:]).text(plain: false) == """
            ℹ️ Archived habits (1) — 'unarchive <habit>' brings one back
              Pushups: +10 XP, +5 coins · 4 times in all


            """)
    }
}
