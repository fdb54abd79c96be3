import Foundation

/// Settings said in everyday words.
extension Reader {
    /// `take off the little pictures, the emojis`, `no more emoji please`: plain mode, words instead of emoji; `bring the
    /// emojis back`: off again.
    func plainMode() -> Understanding? {
        let emoji = line.has(["emoji", "emojis", "emojies", "emoticons", "icons", "smileys"]) || line.has(phrase: ["little", "pictures"])
        guard emoji, !line.question || line.has(["can", "could", "would"]) else { return nil }
        if line.has(["back", "on"]) && !line.has(["off", "no", "not", "without"]) {
            return .commands(["plain off"])
        }
        guard line.has(["off", "no", "without", "stop", "remove", "hide", "rid", "confusing", "confuse", "hate", "fewer", "less"]) else { return nil }
        return .commands(["plain on"])
    }

    /// `change timezone to Warsaw, I am home for 2 weeks`, `back in houston central time`, `in mumbai visiting family,
    /// change my timezone`: the time zone of a city named (the last part of a zone's name, `Europe/Warsaw`, or a city
    /// of ``Reader/cities``), or of a zone said by its name (`central time`). Asked about: the days follow it.
    func timeZone() -> Understanding? {
        let zoneSaid = line.has(["timezone", "tz"]) || line.has(phrase: ["time", "zone"])
        let named = words.indices.lazy.compactMap { index -> String? in
            guard index + 1 < words.count, words[index + 1].text == "time" else { return nil }
            return Self.namedZones[words[index].text]
        }.first
        // (`gym at 8 central time`: a time said in a zone is no move to it.)
        guard zoneSaid || named != nil && mentions(in: 0..<words.count).isEmpty && !words.contains(where: { $0.number != nil || $0.minute != nil }),
            !line.question
        else { return nil }
        var zone = named
        if zone == nil {
            let byCity = Self.zonesByCity
            for index in words.indices where !words[index].stop {
                // (`new york`, `los angeles`, `sao paulo`: a city of two words first.)
                if index + 1 < words.count, let found = byCity["\(words[index].text)_\(words[index + 1].text)"] {
                    zone = found
                    break
                }
                if words[index].text.count >= 4, let found = byCity[words[index].text] {
                    zone = found
                    break
                }
            }
        }
        guard let zone else {
            return zoneSaid ? .clarify("Which time zone? Say it as 'config timezone Europe/Warsaw', the zone's region and a city in it.") : nil
        }
        return EverydayReader.didYouMean(["config timezone \(zone)"], after: "Type 'yes' to change it; your days follow it from then on.")
    }

    /// Zones by the last part of their name, lower case (`warsaw`: Europe/Warsaw), and cities no zone is named after.
    static let zonesByCity: [String: String] = {
        var zones: [String: String] = [:]
        for identifier in TimeZone.knownTimeZoneIdentifiers where identifier.contains("/") && !identifier.hasPrefix("Etc/") {
            let city = identifier.split(separator: "/").last!.lowercased()
            if zones[city] == nil { zones[city] = identifier }
        }
        return zones.merging(cities) { _, city in city }
    }()

    /// Large cities whose zone is named after another (`mumbai`: Asia/Kolkata).
    static let cities: [String: String] = [
        "mumbai": "Asia/Kolkata", "delhi": "Asia/Kolkata", "bangalore": "Asia/Kolkata", "bengaluru": "Asia/Kolkata", "chennai": "Asia/Kolkata",
        "houston": "America/Chicago", "dallas": "America/Chicago", "austin": "America/Chicago", "san_antonio": "America/Chicago",
        "atlanta": "America/New_York", "boston": "America/New_York", "miami": "America/New_York", "washington": "America/New_York",
        "seattle": "America/Los_Angeles", "san_francisco": "America/Los_Angeles", "el_paso": "America/Denver",
        "manchester": "Europe/London", "glasgow": "Europe/London", "edinburgh": "Europe/London", "munich": "Europe/Berlin",
        "hamburg": "Europe/Berlin", "krakow": "Europe/Warsaw", "barcelona": "Europe/Madrid", "milan": "Europe/Rome",
        "rio": "America/Sao_Paulo", "rio_de": "America/Sao_Paulo", "beijing": "Asia/Shanghai", "osaka": "Asia/Tokyo",
    ]

    /// Zones said by their name: `central time`, `eastern time`.
    static let namedZones: [String: String] = [
        "eastern": "America/New_York", "central": "America/Chicago", "mountain": "America/Denver", "pacific": "America/Los_Angeles",
        "uk": "Europe/London", "british": "Europe/London",
    ]
}
