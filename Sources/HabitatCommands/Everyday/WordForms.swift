import HabitatEngine

/// The forms a word takes: an irregular verb's base (`ran` is `run`, `wrote` is `write`, from WordNet's list of
/// exceptions, ``irregularVerbs``), the endings ``NameMatch`` forgives (`-ed`, `-ing`, `-s`), and the short and long
/// names of the units people count in (`k` and `km`, `min` and `minutes`).
public enum WordForms {
    /// `ran` → `run`: each irregular form's base (a form with two bases keeps the first).
    static let bases: [String: String] = {
        var table: [String: String] = [:]
        for line in irregularVerbs.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count >= 2 else { continue }
            let form = String(parts[0])
            if table[form] == nil { table[form] = String(parts[1]) }
        }
        return table
    }()

    /// The base of an irregular verb's form (`drank` → `drink`), or `word` as it is.
    public static func base(_ word: String) -> String { bases[word] ?? word }

    /// Whether `typed` (a word as typed, lower case) is a form of `word` (lower case): the same word, an irregular
    /// form of it (`ran`, `run`), or the two share a stem (`journaled`, `journal`; `squatted`, `squats`). Accents
    /// don't count (`agua`, `água`).
    public static func isForm(_ typed: String, of word: String) -> Bool {
        if typed == word { return true }
        let typed = plain(typed)
        let word = plain(word)
        if typed == word { return true }
        let base = base(typed)
        if base == word { return true }
        if let short = clipped[typed], short == clipped[word] ?? word { return true }
        if let short = clipped[word], short == typed { return true }
        let stems = NameMatch<String>.forms(of: word)
        if stems.contains(base) || !stems.isDisjoint(with: NameMatch<String>.forms(of: base)) { return true }
        return !stems.isDisjoint(with: NameMatch<String>.forms(of: typed))
    }

    /// Words said short and long, by the short one (`medicine` and `meds`, `veggies` and `veg`), and `pills` for `meds`: one word.
    static let clipped: [String: String] = [
        "medicine": "meds", "medicines": "meds", "medication": "meds", "medications": "meds", "vegetables": "veg", "veggies": "veg",
        "vegetable": "veg", "vitamins": "vits", "vitamin": "vits", "physiotherapy": "physio", "television": "tv", "telly": "tv",
        "bicycle": "bike", "pills": "meds", "pill": "meds", "tablets": "meds",
        "cigarettes": "cigs", "cigarette": "cigs", "cig": "cigs", "ciggies": "cigs", "ciggie": "cigs",
    ]

    /// `word` without accents, and German's letters as they are typed without them (`zaehne` and `zähne` are both
    /// `zahne`, `strasse` and `straße` `strasse`).
    static func plain(_ word: String) -> String {
        var word = word
        if word.contains("ß") { word = word.replacingOccurrences(of: "ß", with: "ss") }
        word = word.withoutAccents
        for (typed, meant) in [("ae", "a"), ("oe", "o"), ("ue", "u")] where word.contains(typed) {
            word = word.replacingOccurrences(of: typed, with: meant)
        }
        return word
    }

    /// Units that measure rather than count: a habit counted in them is never recorded without its number.
    static var measures: Set<String> { UnitWords.measures }

    /// The family name of a unit word (`kms` → `km`), or `nil` for a word that is no unit we know.
    public static func unit(_ word: String) -> String? { UnitWords.family(of: word) }

    /// Whether a word (or a habit's unit) is a unit of time: `min`, `hours`, `secs`.
    public static func isTime(unit word: String?) -> Bool {
        guard let family = word.flatMap(unit) else { return false }
        return ["minute", "hour", "second"].contains(family)
    }

    /// Whether `typed` is `unit` (a habit's unit word, as it was set) in some form: `glasses` and `glass`, `k` and
    /// `km`, `minutes` and `min`.
    public static func isUnit(_ typed: String, _ unit: String) -> Bool {
        let unit = unit.lowercased()
        if let a = self.unit(typed), let b = self.unit(unit) { return a == b }
        return isForm(typed, of: unit)
    }
}

extension WordForms {
    /// WordNet's senses of verbs (``verbSenses``) or of nouns (``nounSenses``), read once, when first asked.
    struct Senses {
        var words: [[String]] = []
        var kinds: [[Int]] = []
        var byWord: [String: [Int]] = [:]

        init(_ text: String) {
            for (index, line) in text.split(separator: "\n").enumerated() {
                let parts = line.split(separator: "|", omittingEmptySubsequences: false)
                let words = parts[0].split(separator: ",").map(String.init)
                self.words.append(words)
                kinds.append(parts.count > 1 ? parts[1].split(separator: " ").compactMap { Int($0) } : [])
                for word in words { byWord[word, default: []].append(index) }
            }
        }
    }

    static let senses = Senses(verbSenses)
    static let nouns = Senses(nounSenses)

    /// Words for a person (`roommate`, `daughter`, `coach`; ``personNouns``), read once, when first asked.
    static let people = Set(personNouns.split(separator: "\n").map(String.init))

    /// Whether `word` names a person, or people (`roommates`, `kids`).
    static func isPerson(_ word: String) -> Bool {
        people.contains(word) || word.hasSuffix("s") && people.contains(String(word.dropLast()))
    }

    /// Kinds of food too wide to say which habit was meant (`chips` are a `dish`, `dinner` a `meal`).
    static let wideNouns: Set<String> = [
        "dish", "food", "nutrient", "nutriment", "nourishment", "nutrition", "sustenance", "aliment", "alimentation", "victuals",
        "solid food", "foodstuff", "food product", "course", "meal", "repast", "ingredient", "fixings", "agent", "substance",
        "matter", "solid", "drug", "foodstuff", "produce", "green goods", "green groceries", "garden truck",
    ]

    /// The other words for the noun `typed` (`tablets`: pill, lozenge; `coke`: cola, soft drink), from the senses of food,
    /// drink and drugs it has and the two kinds above each (`soda` is a `soft drink`, a `drink`), the widest left out.
    public static func relatedNouns(_ typed: String) -> Set<String> {
        var related: Set<String> = []
        // (A brand is the noun of what it is too: `burger king` is fast food, `deliveroo` a takeaway.)
        if let meant = brands[typed] { related = [meant, String(meant.split(separator: " ").last!)] }
        let typed = brands[typed] ?? typed
        for form in [typed] + NameMatch<String>.forms(of: typed) {
            for index in nouns.byWord[form] ?? [] {
                var senses = [index]
                for kind in nouns.kinds[index] { senses += [kind] + nouns.kinds[kind] }
                for sense in senses {
                    for word in nouns.words[sense] where word != form && !wideNouns.contains(word) {
                        related.insert(word)
                        // A phrase by its last word (`soft drink`: drink), or its first when the last is too wide (`snack
                        // food`: snack).
                        let parts = word.split(separator: " ").map(String.init)
                        if parts.count > 1 { related.insert(wideNouns.contains(parts.last!) ? parts[0] : parts.last!) }
                    }
                }
            }
        }
        return related
    }

    /// Names people give things they eat and drink by the brand (`a monster`, `red bull`), as the WordNet noun of what
    /// they are: asked about as that, never done.
    static let brands: [String: String] = [
        "monster": "soft drink", "monsters": "soft drink", "red bull": "soft drink", "redbull": "soft drink", "rockstar": "soft drink",
        "lucozade": "soft drink", "gatorade": "soft drink", "powerade": "soft drink", "celsius": "soft drink", "pepsi": "cola",
        "fanta": "soft drink", "sprite": "soft drink", "7up": "soft drink", "irn bru": "soft drink", "dr pepper": "soft drink",
        "coca cola": "cola", "cocacola": "cola", "starbucks": "coffee", "nespresso": "coffee", "costa": "coffee",
        "snickers": "candy bar", "kitkat": "chocolate bar", "kit kat": "chocolate bar", "twix": "candy bar", "mars": "candy bar",
        "pringles": "potato chip", "doritos": "potato chip", "cheetos": "potato chip",
        "mcdonalds": "fast food", "mcdonald's": "fast food", "mcdonald": "fast food", "maccies": "fast food", "maccas": "fast food",
        "burger king": "fast food", "kfc": "fast food", "wendys": "fast food", "wendy's": "fast food", "taco bell": "fast food",
        "five guys": "fast food", "popeyes": "fast food", "whataburger": "fast food", "deliveroo": "takeaway", "ubereats": "takeaway",
        "uber eats": "takeaway", "just eat": "takeaway", "doordash": "takeaway", "grubhub": "takeaway", "dominos": "takeaway",
        "domino's": "takeaway",
    ]

    /// Verbs too common to say which habit was done (`had`, `did`, `got`).
    static let plainVerbs: Set<String> = [
        "be", "have", "do", "get", "go", "make", "take", "put", "come", "want", "need", "let", "give", "say", "tell", "know",
        "think", "see", "feel", "use", "try", "keep", "start", "finish", "stop", "like", "love", "look", "find", "work",
        "eat", "drink", "play", "watch", "hold", "turn", "run", "set",
    ]

    /// The words of every sense of the verb `base` (`hoover`: vacuum, vacuum-clean; `ring`: call, phone) and of the
    /// senses each is a kind of (`nap`: sleep), each word of a phrase on its own too (`wash up`: do the dishes).
    public static func related(_ base: String) -> Set<String> {
        guard !plainVerbs.contains(base), let indices = senses.byWord[base] else { return [] }
        var related: Set<String> = []
        for index in indices {
            for sense in [index] + senses.kinds[index] {
                for word in senses.words[sense] where word != base {
                    related.insert(word)
                    if word.contains(" ") { related.formUnion(word.split(separator: " ").map(String.init)) }
                }
            }
        }
        return related
    }

    /// The bases a typed word may be a form of (`hoovered`: hoover; `rang`: ring; `napped`: nap).
    static func bases(of word: String) -> [String] {
        var found = [base(word)]
        for stem in NameMatch<String>.forms(of: word) where stem != word && senses.byWord[stem] != nil { found.append(stem) }
        return found
    }
}
