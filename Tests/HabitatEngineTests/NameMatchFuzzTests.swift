import Foundation
import HabitatEngine
import SeededRandom
import Testing

/// Random names (accents precomposed and not, case, emoji sequences, combining marks, right-to-left letters,
/// long ones) against random catalogs, the same every run. Whatever is typed, `NameMatch.resolve` keeps its
/// rules: the exact name in any case is always found, and a match is never a guess.
@Suite struct NameMatchFuzzTests {
    static let catalogs = 700

    @Test func resolveKeepsItsRules() {
        var rng = SplitMix64(seed: 0x6E61_6D65_6D61_7463)
        var found = 0
        var ambiguous = 0
        for round in 0..<Self.catalogs {
            let catalog = Self.catalog(using: &rng)
            for _ in 0..<6 {
                let query = Self.query(for: catalog, using: &rng)
                let context = "round \(round): \(query.debugDescription) among \(catalog.map(\.debugDescription))"
                let result = NameMatch.resolve(query, among: catalog, name: { $0 })
                let expected = Self.expected(query, among: catalog)
                switch (result, expected) {
                case (.found(let name), .found(let wanted)):
                    found += 1
                    #expect(name == wanted, "\(context)")
                case (.ambiguous(let names), .ambiguous(let wanted)):
                    ambiguous += 1
                    #expect(names == wanted, "\(context)")
                    #expect(names.count > 1, "\(context)")
                case (.none(let suggestion), .none):
                    if let suggestion {
                        #expect(catalog.contains(suggestion), "\(context)")
                        let distance = editDistance(Self.plain(query), Self.plain(suggestion))
                        #expect(distance <= max(2, Self.plain(query).count / 3), "\(context): suggested \(suggestion)")
                    }
                default:
                    Issue.record("\(context): \(Self.describe(result)), expected \(Self.describe(expected))")
                }
                // The quick path for a name typed whole agrees with the full one whenever it answers.
                if let quick = NameMatch.wholeName(query, among: catalog, where: { _ in true }, name: { $0 }) {
                    #expect(Self.describe(result) == "found(\(quick))", "\(context)")
                }
            }
        }
        // The queries reach every rule, not just the misses.
        #expect(found > Self.catalogs)
        #expect(ambiguous > Self.catalogs / 20)
    }

    /// A name in any case, with any spaces around and between its words, is found: always, whatever else
    /// the catalog holds.
    @Test func aNameTypedWholeInAnyCaseIsAlwaysFound() {
        var rng = SplitMix64(seed: 42)
        for round in 0..<Self.catalogs {
            let catalog = Self.catalog(using: &rng)
            guard let name = catalog.randomElement(using: &rng) else { continue }
            let query = Self.recased(name, using: &rng)
            guard Self.normalized(query) == Self.normalized(name) else { continue }
            let result = NameMatch.resolve(query, among: catalog, name: { $0 })
            #expect(Self.describe(result) == "found(\(name))", "round \(round): \(query.debugDescription) among \(catalog.map(\.debugDescription))")
        }
    }

    @Test func editDistanceKeepsItsRules() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<3_000 {
            let a = Self.name(using: &rng)
            let b = rng.below(3) == 0 ? Self.typo(of: a, using: &rng) : Self.name(using: &rng)
            let distance = editDistance(a, b)
            let (m, n) = (a.count, b.count)
            #expect(distance == editDistance(b, a), "\(a.debugDescription) \(b.debugDescription)")
            #expect(abs(m - n) <= distance && distance <= max(m, n), "\(a.debugDescription) \(b.debugDescription): \(distance)")
            #expect((distance == 0) == (a == b), "\(a.debugDescription) \(b.debugDescription)")
            #expect(editDistance(a, a) == 0)
            #expect(editDistance(a, "") == m)
            // One more character, or two neighbours the wrong way round, is one edit.
            #expect(editDistance(a, a + "x") == 1)
            let characters = Array(a)
            if characters.count >= 2, let i = (0..<(characters.count - 1)).randomElement(using: &rng), characters[i] != characters[i + 1] {
                var swapped = characters
                swapped.swapAt(i, i + 1)
                // (A mark or joiner swapped to the front may join another character: no longer one swap.)
                guard Array(String(swapped)) == swapped else { continue }
                #expect(editDistance(a, String(swapped)) == 1, "\(a.debugDescription)")
            }
        }
        // Line-long text against a name, and emoji sequences, measured without a trap.
        #expect(editDistance(String(repeating: "a", count: 4000), "abc") == 3999)
        #expect(editDistance("👨‍👩‍👧‍👦", "👨‍👩‍👧") == 1)
        #expect(editDistance("e\u{301}", "é") == 0)
    }

    // MARK: The rules, as the documentation states them

    /// What `resolve` should answer: the exact name (any case, spaces forgiven; in plain lower case first, then
    /// with case folded in full), else a unique prefix of the whole name, else a unique prefix of any of its
    /// words, case folded; a plural `s` forgiven (beyond 3 characters), accents forgiven beyond the whole name.
    /// A prefix is of at least one character: a query of accents alone is no prefix of anything.
    static func expected(_ query: String, among catalog: [String]) -> NameMatch<String> {
        let wanted = normalized(query)
        guard !wanted.isEmpty else { return .none(suggestion: nil) }
        var forms = [wanted]
        if wanted.count > 3, wanted.hasSuffix("s") { forms.append(String(wanted.dropLast())) }
        for form in forms {
            if let hit = catalog.first(where: { normalized($0) == form }) { return .found(hit) }
            if let hit = catalog.first(where: { folded($0) == folded(form) }) { return .found(hit) }
        }
        let plainForms = forms.map { withoutAccents(folded($0)) }.filter { !$0.isEmpty }
        let rules: [(String, String) -> Bool] = [
            { name, form in name.hasPrefix(form) },
            { name, form in name.split(separator: " ").contains { $0.hasPrefix(form) } },
        ]
        for rule in rules {
            for form in plainForms {
                let hits = catalog.filter { rule(plain($0), form) }
                if hits.count == 1 { return .found(hits[0]) }
                if hits.count > 1 { return .ambiguous(hits) }
            }
        }
        // The words typed are the first words of the name, each in some form of it.
        let typed = plain(wanted).split(separator: " ").map(String.init)
        let hits = catalog.filter { name in
            let words = plain(name).split(separator: " ").map(String.init)
            return !typed.isEmpty && typed.count <= words.count
                && zip(typed, words).allSatisfy { $0 == $1 || !stems($0).isDisjoint(with: stems($1)) }
        }
        if hits.count == 1 { return .found(hits[0]) }
        if hits.count > 1 { return .ambiguous(hits) }
        return .none(suggestion: nil)
    }

    /// A word and what it is without one of the endings the rules know, of three letters or more (and without a
    /// doubled last letter).
    static func stems(_ word: String) -> Set<String> {
        var stems: Set<String> = [word]
        guard word.count >= 4 else { return stems }
        let endings = [
            ("ing", ""), ("ing", "e"), ("ied", "y"), ("ies", "y"), ("ation", "ate"), ("ation", ""), ("ed", ""), ("ed", "e"), ("es", ""),
            ("s", ""), ("e", ""),
        ]
        for (ending, replacement) in endings where word.hasSuffix(ending) && !(ending == "s" && word.hasSuffix("ss")) {
            let stem = String(word.dropLast(ending.count)) + replacement
            guard stem.count >= 3 else { continue }
            stems.insert(stem)
            if stem.count >= 4, stem.last == stem.dropLast().last { stems.insert(String(stem.dropLast())) }
        }
        return stems
    }

    static func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func folded(_ text: String) -> String { normalized(text).folding(options: .caseInsensitive, locale: nil) }

    static func withoutAccents(_ text: String) -> String { text.folding(options: .diacriticInsensitive, locale: nil) }

    static func plain(_ text: String) -> String { withoutAccents(folded(text)) }

    static func describe(_ match: NameMatch<String>) -> String {
        switch match {
        case .found(let name): "found(\(name))"
        case .ambiguous(let names): "ambiguous(\(names))"
        case .none: "none"
        }
    }

    // MARK: Generating names

    /// Pieces names are made of: letters plain and accented (composed and not), letters whose case is
    /// special (ß, İ, ı, Σ), emoji with and without joiners, marks alone, right-to-left letters, digits.
    static let pieces: [String] = [
        "a", "e", "i", "o", "s", "t", "r", "n", "A", "E", "S", "R", "run", "walk", "read", "cafe", "Cafe", "café", "Café",
        "cafe\u{301}", "é", "e\u{301}", "É", "E\u{301}", "ü", "u\u{308}", "ñ", "ø", "å", "ç", "ß", "ẞ", "İ", "ı", "Σ", "σ",
        "ς", "ǅ", "ﬁ", "Ω", "Ω", "\u{301}", "\u{308}\u{301}", "\u{200D}", "👍", "👍🏽", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🇫🇷", "שלום", "مرحبا",
        "\u{200F}", "日本", "한", "1", "5k", "42", "-", "_", "'", ".", "x3",
    ]

    static func name(using rng: inout SplitMix64) -> String {
        var name = ""
        for index in 0..<(1 + rng.below(5)) {
            if index > 0, rng.below(3) == 0 { name += " " }
            name += pieces[rng.below(pieces.count)]
        }
        if rng.below(12) == 0 { name += String(repeating: pieces[rng.below(pieces.count)], count: 20) }
        return String(name.split(whereSeparator: \.isWhitespace).joined(separator: " ").prefix(64))
    }

    /// Up to 30 names, unique in plain lower case, as files made before names were folded in full may hold them
    /// (`Straße` beside `STRASSE`); some share a start or a word.
    static func catalog(using rng: inout SplitMix64) -> [String] {
        var names: [String] = []
        for _ in 0..<rng.below(31) {
            var name = name(using: &rng)
            if let other = names.randomElement(using: &rng), rng.below(3) == 0 {
                name = rng.below(2) == 0 ? other + " " + name : String(other.prefix(1 + rng.below(max(1, other.count)))) + name
            }
            // As the engine keeps a name: runs of white space made one space (a mark after a space goes with it).
            name = String(name.prefix(64)).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !name.isEmpty, !names.contains(where: { $0.lowercased() == name.lowercased() }) { names.append(name) }
        }
        return names
    }

    static func query(for catalog: [String], using rng: inout SplitMix64) -> String {
        guard let name = catalog.randomElement(using: &rng), rng.below(8) != 0 else {
            switch rng.below(4) {
            case 0: return ["\u{301}", "\u{301}\u{301}", " \u{308} ", "\u{200D}", "", " ", "s", "ss", "\u{301}s"][rng.below(9)]
            case 1: return String(repeating: pieces[rng.below(pieces.count)], count: 1 + rng.below(300))
            default: return self.name(using: &rng)
            }
        }
        let characters = Array(name)
        switch rng.below(8) {
        case 0: return recased(name, using: &rng)
        case 1: return String(characters.prefix(1 + rng.below(characters.count)))
        case 2:
            let words = name.split(separator: " ")
            let word = words[rng.below(words.count)]
            return String(word.prefix(1 + rng.below(word.count)))
        case 3: return withoutAccents(name)
        case 4: return name + "s"
        case 5: return typo(of: name, using: &rng)
        case 6: return String(characters.prefix(1 + rng.below(characters.count))) + ["\u{301}", "\u{308}", "\u{200D}"][rng.below(3)]
        default: return "  " + name.uppercased() + " "
        }
    }

    /// `name` with each character's case changed or not, and spaces added around and between words.
    static func recased(_ name: String, using rng: inout SplitMix64) -> String {
        var out = rng.below(2) == 0 ? " " : ""
        for character in name {
            switch rng.below(3) {
            case 0: out += character.uppercased()
            case 1: out += character.lowercased()
            default: out.append(character)
            }
            if character == " ", rng.below(2) == 0 { out += "  " }
        }
        return out
    }

    /// One character dropped, doubled or swapped with its neighbour.
    static func typo(of name: String, using rng: inout SplitMix64) -> String {
        var characters = Array(name)
        let i = rng.below(characters.count)
        switch rng.below(3) {
        case 0: characters.remove(at: i)
        case 1: characters.insert(characters[i], at: i)
        default: if i + 1 < characters.count { characters.swapAt(i, i + 1) }
        }
        return String(characters)
    }
}
