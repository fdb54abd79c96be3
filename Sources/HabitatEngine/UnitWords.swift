/// The names of the units people count in, said in more than one way (`k` and `km`, `min` and `minutes`, `mi` and
/// `miles`): one rule for the engine, which compares a unit typed with a habit's, and for reading a person's words.
public enum UnitWords {
    /// Each family by its first name: `k` and `kms` are `km`.
    public static let families: [[String]] = [
        ["km", "k", "kms", "kilometre", "kilometres", "kilometer", "kilometers", "klick", "klicks"],
        ["mile", "miles", "mi"],
        ["yd", "yds", "yards"],
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
        ["oz", "ounce", "ounces", "floz"],
        ["metre", "metres", "meter", "meters", "m"],
        ["rep", "reps", "repetition", "repetitions"],
        ["question", "questions", "q", "qs"],
        ["euro", "euros", "eur", "€"],
        ["dollar", "dollars", "usd", "$"],
        ["pound", "pounds", "gbp", "£"],
    ]

    /// Units that measure rather than count: a habit counted in them is never recorded without its number.
    /// (Reps too: one push-up is never what `did my push-ups` meant.)
    public static let measures: Set<String> = ["km", "mile", "yd", "minute", "hour", "page", "litre", "step", "second", "gram", "kg", "ml", "metre", "rep", "oz"]

    /// Units of one kind of measure, each by its size in the smallest (an ounce is of water beside litres, of weight
    /// beside grams).
    static let scales: [[String: Double]] = [
        ["metre": 1, "km": 1000, "mile": 1609.344, "yd": 0.9144],
        ["second": 1, "minute": 60, "hour": 3600],
        ["ml": 1, "litre": 1000, "oz": 29.5735],
        ["gram": 1, "kg": 1000, "oz": 28.3495],
    ]

    /// `value` of the unit `from` in the unit `to` (`half a litre` is 16.9 oz, `2 miles` 3.2 km), or `nil` when they
    /// are the same unit or measure different things.
    public static func convert(_ value: Double, from: String, to: String) -> Double? {
        guard let from = family(of: from), let to = family(of: to), from != to else { return nil }
        guard let scale = scales.first(where: { $0[from] != nil && $0[to] != nil }) else { return nil }
        return value * scale[from]! / scale[to]!
    }

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
