/// The names of the units people count in, said in more than one way (`k` and `km`, `min` and `minutes`, `mi` and
/// `miles`): one rule for the engine, which compares a unit typed with a habit's, and for reading a person's words.
public enum UnitWords {
    /// Each family by its first name: `k` and `kms` are `km`.
    public static let families: [[String]] = [
        ["km", "k", "kms", "kilometre", "kilometres", "kilometer", "kilometers", "klick", "klicks"],
        ["mile", "miles", "mi"],
        ["minute", "minutes", "min", "mins", "minuto", "minutos"],
        ["hour", "hours", "h", "hr", "hrs", "hora", "horas"],
        ["page", "pages", "pg", "pgs", "p", "pagina", "paginas"],
        ["glass", "glasses", "copo", "copos"],
        ["cup", "cups", "xicara", "xicaras"],
        ["litre", "litres", "liter", "liters", "l"],
        ["can", "cans", "lata", "latas"],
        ["step", "steps", "passo", "passos"],
        ["second", "seconds", "sec", "secs", "s"],
        ["gram", "grams", "g", "gr", "gramme", "grammes"],
        ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"],
        ["ml", "millilitre", "millilitres", "milliliter", "milliliters"],
        ["metre", "metres", "meter", "meters", "m"],
        ["rep", "reps", "repetition", "repetitions"],
        ["question", "questions", "q", "qs"],
        ["euro", "euros", "eur", "€"],
        ["dollar", "dollars", "usd", "$"],
        ["pound", "pounds", "gbp", "£"],
    ]

    /// Units that measure rather than count: a habit counted in them is never recorded without its number.
    /// (Reps too: one push-up is never what `did my push-ups` meant.)
    public static let measures: Set<String> = ["km", "mile", "minute", "hour", "page", "litre", "step", "second", "gram", "kg", "ml", "metre", "rep"]

    /// The family name of a unit word (`kms` → `km`), or `nil` for a word that is no unit we know.
    public static func family(of word: String) -> String? {
        let word = word.lowercased().withoutAccents
        for family in families where family.contains(word) { return family[0] }
        return nil
    }

    /// Whether a unit typed is the habit's `unit`: the same word in either number (`glass`, `glasses`), or the same
    /// family (`mi`, `miles`).
    public static func same(_ typed: String, _ unit: String?) -> Bool {
        guard let unit = unit?.lowercased() else { return false }
        let typed = typed.lowercased()
        if typed == unit || typed + "s" == unit || typed + "es" == unit || unit + "s" == typed || unit + "es" == typed { return true }
        guard let family = family(of: typed) else { return false }
        return family == self.family(of: unit)
    }
}
