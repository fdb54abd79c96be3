import Foundation

/// How a typed name matched a list of names: never a guess.
public enum NameMatch<Element> {
    case found(Element)
    case ambiguous([Element])
    /// Nothing matched; `suggestion` is the closest name when one is close enough to be a typo.
    case none(suggestion: Element?)
}

extension NameMatch {
    /// Matches `query` against `candidates`: the exact name (any case), else a unique prefix, else a
    /// unique prefix of any word (`potion` finds `Health Potion`); plural `s` is forgiven, and so are accents
    /// beyond the whole name. Case is folded in full Unicode (``Swift/String/caseFolded``: `STRASSE` finds
    /// `Straße`), though a name typed whole in plain lower or upper case comes first (`strasse` finds
    /// `Strasse` before `Straße`).
    ///
    /// Beyond those, a name is found by the forms of its words (``NameMatch/wordsMatch(_:_:)``): `exercised` and
    /// `exercising` find Exercise, `smoked` finds Smoking, `read` finds Read 20 pages. `loosely` is for a line in
    /// the user's own words (`flossed`, a bare habit name) rather than a command: only a whole name or its word forms
    /// find anything then, never a prefix (`ex` alone records nothing). Without `wordPrefixes`, only the start of a
    /// name is a prefix (`duo done` finds Duolingo, `workout done` not Brick workout).
    public static func resolve(
        _ query: String, among candidates: [Element], loosely: Bool = false, wordPrefixes: Bool = true, name: (Element) -> String
    ) -> NameMatch<Element> {
        // The common case, a plain name typed whole: found without normalizing anything.
        if let hit = wholeName(query, among: candidates, where: { _ in true }, name: name) { return .found(hit) }
        let wanted = normalized(query)
        guard !wanted.isEmpty else { return .none(suggestion: nil) }
        var forms = [wanted]
        if wanted.count > 3, wanted.hasSuffix("s") { forms.append(String(wanted.dropLast())) }
        // A name typed whole beyond plain ASCII words: found without normalizing every candidate first, then
        // with case folded in full (`STRASSE` is `Straße`), folding each candidate once.
        var foldedNames: [String]?
        for form in forms {
            if let hit = candidates.first(where: { isNormalized(name($0), equalTo: form) }) { return .found(hit) }
            let names = foldedNames ?? candidates.map { folded(name($0)) }
            foldedNames = names
            if let index = names.firstIndex(of: form.caseFolded) { return .found(candidates[index]) }
        }
        // Beyond the whole name, accents are forgiven: `cafe` finds Café au lait (and is ambiguous with Cafeteria).
        let names = (foldedNames ?? candidates.map { folded(name($0)) }).map(\.withoutAccents)
        let plain = wanted.caseFolded.withoutAccents
        forms = forms.map(\.caseFolded.withoutAccents)
        var prefixes: [(String, String) -> Bool] = [{ name, form in name.hasPrefix(form) }]
        if wordPrefixes { prefixes.append { name, form in name.split(separator: " ").contains { $0.hasPrefix(form) } } }
        for rule in loosely ? [] : prefixes {
            for form in forms {
                let hits = candidates.indices.filter { rule(names[$0], form) }.map { candidates[$0] }
                if hits.count == 1 { return .found(hits[0]) }
                if hits.count > 1 { return .ambiguous(hits) }
            }
        }
        let hits = candidates.indices.filter { wordsMatch(plain, names[$0]) }.map { candidates[$0] }
        if hits.count == 1 { return .found(hits[0]) }
        if hits.count > 1 { return .ambiguous(hits) }
        let length = plain.count
        let tolerance = max(2, length / 3)
        // A name longer or shorter than the query by more than the tolerance is never close enough, so its
        // distance isn't measured: a line-long query against thousands of names would take a minute.
        let scored = candidates.indices.filter { abs(names[$0].count - length) <= tolerance }
            .map { (index: $0, distance: editDistance(plain, names[$0])) }
        let best = scored.min { $0.distance < $1.distance }
        return .none(suggestion: best.flatMap { $0.distance <= tolerance ? candidates[$0.index] : nil })
    }


    /// Whether the words of `query` are the first words of `name` in some form of theirs (both folded, without
    /// accents): `exercised` is Exercise, `smoked` is Smoking, `walked the dog` is Walk the dog, `read` is Read 20
    /// pages. Words are compared by ``forms(of:)``, never by a dictionary: only this user's names are ever looked at.
    static func wordsMatch(_ query: String, _ name: String) -> Bool {
        let typed = query.split(separator: " ")
        let words = name.split(separator: " ")
        guard !typed.isEmpty, typed.count <= words.count else { return false }
        return zip(typed, words).allSatisfy { typed, word in
            typed == word || !forms(of: String(typed)).isDisjoint(with: forms(of: String(word)))
        }
    }

    /// A word and what it may be without an ending (`-s`, `-es`, `-ies`, `-e`, `-ed`, `-ied`, `-ing`, `-ation`, `-sion`
    /// and `-tion` (`revision`, `revise`), a doubled last letter): two words that share a form of three letters or more
    /// are taken for one (`exercised`, `exercising` and `exercise` share `exercis`; `jogged` and `jog`, `jog`; `studied`
    /// and `study`, `study`).
    public static func forms(of word: String) -> Set<String> {
        var forms: Set<String> = [word]
        guard word.count >= 4 else { return forms }
        func add(_ stem: Substring) {
            guard stem.count >= 3 else { return }
            forms.insert(String(stem))
            // `jogg` → `jog`, `runn` → `run`
            if let last = stem.last, stem.dropLast().last == last, stem.count >= 4 { forms.insert(String(stem.dropLast())) }
        }
        if word.hasSuffix("ing") {
            add(word.dropLast(3))
            add(word.dropLast(3) + "e")
        }
        if word.hasSuffix("ied") || word.hasSuffix("ies") { add(word.dropLast(3) + "y") }
        if word.hasSuffix("ation") {
            // `meditation` and `meditate`, `relaxation` and `relax`
            add(word.dropLast(5) + "ate")
            add(word.dropLast(5))
        }
        if word.hasSuffix("sion") || word.hasSuffix("tion"), !word.hasSuffix("ation"), word.count >= 7 {
            // `revision` and `revise`, `reflection` and `reflect`
            add(word.dropLast(3))
            add(word.dropLast(3) + "e")
        }
        if word.hasSuffix("ed") {
            add(word.dropLast(2))
            add(word.dropLast(1))
        }
        if word.hasSuffix("es") { add(word.dropLast(2)) }
        if word.hasSuffix("s"), !word.hasSuffix("ss") { add(word.dropLast(1)) }
        if word.hasSuffix("e") { add(word.dropLast(1)) }
        return forms
    }

    /// The first of `candidates` (those `include` accepts) whose name is `query` typed whole, in any case,
    /// found without normalizing or allocating anything. `nil` whenever `resolve` might decide otherwise:
    /// no such name, or a query or an earlier name beyond plain ASCII words. Then ask `resolve`.
    public static func wholeName(
        _ query: String, among candidates: [Element], where include: (Element) -> Bool, name: (Element) -> String
    ) -> Element? {
        let wanted = query.utf8
        guard isSimple(wanted) else { return nil }
        for candidate in candidates where include(candidate) {
            let text = name(candidate).utf8
            guard isSimple(text) else { return nil }
            if text.count == wanted.count, text.elementsEqual(wanted, by: { lowered($0) == lowered($1) }) { return candidate }
        }
        return nil
    }

    /// Whether `normalized(text) == form`, for a `form` already normalized. A plain ASCII name is
    /// compared byte by byte, lower-cased on the way, with nothing allocated.
    static func isNormalized(_ text: String, equalTo form: String) -> Bool {
        guard isSimple(text.utf8) else { return normalized(text) == form }
        return text.utf8.elementsEqual(form.utf8) { lowered($0) == $1 }
    }

    /// Printable ASCII with single spaces between words and none at the ends: lower-casing it byte by
    /// byte is all `normalized` does.
    private static func isSimple(_ bytes: String.UTF8View) -> Bool {
        guard bytes.first != 0x20, bytes.last != 0x20 else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            guard (byte > 0x20 && byte < 0x7F) || (byte == 0x20 && previous != 0x20) else { return false }
            previous = byte
        }
        return true
    }

    /// An ASCII letter in lower case; any other byte as it is.
    private static func lowered(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }

    /// `text` in lower case with runs of white space made single spaces and the ends trimmed.
    static func normalized(_ text: String) -> String {
        // Most names are plain ASCII words with single spaces: lower-cased byte by byte.
        let bytes = text.utf8
        if isSimple(bytes) { return String(decoding: bytes.map(lowered), as: UTF8.self) }
        return text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `normalized(text)` with its case folded in full (``Swift/String/caseFolded``); a plain ASCII name as
    /// `normalized` makes it.
    static func folded(_ text: String) -> String {
        let bytes = text.utf8
        if isSimple(bytes) { return String(decoding: bytes.map(lowered), as: UTF8.self) }
        return normalized(text).caseFolded
    }
}

/// Edit distance between two strings, by characters: insertions, deletions, substitutions, and two neighbours
/// typed the wrong way round (`hepl` for `help`), each counting one.
public func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = Array(repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = Swift.min(
                previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1], a[i - 1] != b[j - 1] {
                current[j] = Swift.min(current[j], beforePrevious[j - 2] + 1)
            }
        }
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
}

extension String {
    /// This text with its case folded in full Unicode, as names are compared for sameness: `Straße`, `STRASSE`
    /// and `strasse` are one, so are `ǅ` and `ǆ`, `ﬁ` and `fi`, a final `ς` and `σ`; in composed form. Plain
    /// ASCII is lower-cased. Rooms keep their names folded so in the directory (`room.folded_name`), so
    /// changing this rule needs a directory migration that recomputes that column.
    public var caseFolded: String {
        utf8.allSatisfy { $0 < 0x80 } ? lowercased() : folding(options: .caseInsensitive, locale: nil).precomposedStringWithCanonicalMapping
    }

    /// Whether this name and `other` are one name: the same once their case is folded (``caseFolded``).
    public func isSameName(as other: String) -> Bool {
        self == other || caseFolded == other.caseFolded
    }

    /// This text without accents (`café` → `cafe`), as names are compared when accents are forgiven; plain ASCII
    /// as it is.
    public var withoutAccents: String {
        utf8.allSatisfy { $0 < 0x80 } ? self : folding(options: .diacriticInsensitive, locale: nil)
    }
}
