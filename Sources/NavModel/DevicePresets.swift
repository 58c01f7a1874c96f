/// Real iPhones and iPads, portrait, in points: what `device: {"preset": NAME}` and `--device NAME` stand for.
///
/// Sizes and scales are Apple's published screen sizes. The status bar is the y where the navigation bar
/// starts (GEO-3): 20 on home-button devices, the notch and Dynamic Island values from GEO-3's sources, and
/// "reasoned" where no dump or source was found (docs/devices.md lists the source of every number).
public struct DevicePreset: Sendable, Hashable {
    public enum Idiom: String, Sendable, Hashable {
        case phone, pad
    }

    /// The name a request or a command line uses, e.g. `iphone-15-pro`.
    public var name: String
    /// The models it stands for, e.g. "iPhone 14 Pro, iPhone 15, iPhone 15 Pro, iPhone 16".
    public var models: String
    public var width: Double
    public var height: Double
    public var statusBarHeight: Double
    public var scale: Double
    public var idiom: Idiom

    init(_ name: String, _ models: String, _ width: Double, _ height: Double, statusBar: Double, scale: Double, idiom: Idiom = .phone) {
        self.name = name
        self.models = models
        self.width = width
        self.height = height
        self.statusBarHeight = statusBar
        self.scale = scale
        self.idiom = idiom
    }

    /// The device this preset describes.
    public var device: Device {
        Device(width: width, height: height, statusBarHeight: statusBarHeight, scale: scale, preset: name)
    }

    /// Every preset, oldest first within each idiom.
    public static let all: [DevicePreset] = [
        DevicePreset("iphone-se-1", "iPhone SE (1st generation), iPhone 5s", 320, 568, statusBar: 20, scale: 2),
        DevicePreset("iphone-8", "iPhone 6, 6s, 7, 8, SE (2nd and 3rd generation)", 375, 667, statusBar: 20, scale: 2),
        DevicePreset("iphone-8-plus", "iPhone 6 Plus, 6s Plus, 7 Plus, 8 Plus", 414, 736, statusBar: 20, scale: 3),
        DevicePreset("iphone-x", "iPhone X, XS, 11 Pro", 375, 812, statusBar: 44, scale: 3),
        DevicePreset("iphone-xs-max", "iPhone XS Max, 11 Pro Max", 414, 896, statusBar: 44, scale: 3),
        DevicePreset("iphone-11", "iPhone XR, 11 (iOS 14 and later)", 414, 896, statusBar: 48, scale: 2),
        DevicePreset("iphone-12-mini", "iPhone 12 mini, 13 mini", 375, 812, statusBar: 50, scale: 3),
        DevicePreset("iphone-12", "iPhone 12, 12 Pro, 13, 13 Pro, 14", 390, 844, statusBar: 47, scale: 3),
        DevicePreset("iphone-12-pro-max", "iPhone 12 Pro Max, 13 Pro Max, 14 Plus", 428, 926, statusBar: 47, scale: 3),
        DevicePreset("iphone-14-pro", "iPhone 14 Pro, 15, 15 Pro, 16", 393, 852, statusBar: 54, scale: 3),
        DevicePreset("iphone-14-pro-max", "iPhone 14 Pro Max, 15 Plus, 15 Pro Max, 16 Plus", 430, 932, statusBar: 54, scale: 3),
        DevicePreset("iphone-16-pro", "iPhone 16 Pro, 17, 17 Pro", 402, 874, statusBar: 62, scale: 3),
        DevicePreset("iphone-16-pro-max", "iPhone 16 Pro Max, 17 Pro Max", 440, 956, statusBar: 54, scale: 3),
        DevicePreset("ipad-9", "iPad (7th to 9th generation)", 810, 1080, statusBar: 20, scale: 2, idiom: .pad),
        DevicePreset("ipad-mini-6", "iPad mini (6th generation)", 744, 1133, statusBar: 24, scale: 2, idiom: .pad),
        DevicePreset(
            "ipad-air-5", "iPad Air (4th and 5th generation), iPad (10th generation)", 820, 1180, statusBar: 24, scale: 2, idiom: .pad),
        DevicePreset("ipad-pro-11", "iPad Pro 11-inch (1st to 4th generation)", 834, 1194, statusBar: 24, scale: 2, idiom: .pad),
        DevicePreset("ipad-pro-12-9", "iPad Pro 12.9-inch (3rd to 6th generation)", 1024, 1366, statusBar: 24, scale: 2, idiom: .pad),
    ]

    /// The preset of that name, or of a model it lists (`iphone-15`, `iPhone 15 Pro`, `ipad-mini-6th-generation`),
    /// when exactly one preset lists it.
    public static func named(_ name: String) -> DevicePreset? {
        if let preset = all.first(where: { $0.name == name }) { return preset }
        let found = byModel[slug(name)] ?? []
        return found.count == 1 ? found[0] : nil
    }

    /// The presets that list a model of that name: more than one when the name is ambiguous (`iphone-se`).
    public static func listing(_ name: String) -> [DevicePreset] { byModel[slug(name)] ?? [] }

    /// The names of the models a preset lists, as a command line takes them: "iPhone 14 Pro, 15, 15 Pro, 16" gives
    /// iphone-14-pro, iphone-15, iphone-15-pro and iphone-16 (a bare number or word continues the family before
    /// it); words in parentheses are left out.
    public var modelNames: [String] {
        var family = ""
        var out: [String] = []
        for part in models.split(separator: ",") {
            var text = String(part)
            while let open = text.firstIndex(of: "("), let close = text[open...].firstIndex(of: ")") {
                text.removeSubrange(open...close)
            }
            var words = text.split(separator: " ").map(String.init).filter { $0 != "and" }
            guard !words.isEmpty else { continue }
            if let first = words.first, first.hasPrefix("iPhone") || first.hasPrefix("iPad") {
                family = first
                words.removeFirst()
            }
            out.append(Self.slug(([family] + words).joined(separator: " ")))
        }
        return out
    }

    /// Lower case, runs of anything but letters and digits as one hyphen.
    static func slug(_ text: String) -> String {
        var out = ""
        for c in text.lowercased() {
            if c.isLetter || c.isNumber {
                out.append(c)
            } else if !out.isEmpty, out.last != "-" {
                out.append("-")
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out
    }

    static let byModel: [String: [DevicePreset]] = {
        var out: [String: [DevicePreset]] = [:]
        for preset in all {
            for model in Set(preset.modelNames) where model != preset.name { out[model, default: []].append(preset) }
        }
        return out
    }()
}
