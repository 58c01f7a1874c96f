import JSONCore
import NavModel

extension NavImport {
    /// Something in the input that bounds the iOS version it was printed on: a class, an element's geometry, the
    /// device. docs/import.md ("The profile") lists every clue.
    struct Clue: Sendable, Hashable {
        /// What was seen, for the note.
        var seen: String
        /// The earliest iOS major version that prints it.
        var from: Int
        /// The last iOS major version that prints it (nil: still printed).
        var through: Int?
    }

    /// The profile that stands for an iOS major version: the last whose own version is not after it (7 to 10 give
    /// ios10, 11 and 12 ios11, 14 to 16 ios14, 17 to 25 ios17).
    static func profile(forMajorVersion version: Int) -> Profile {
        Profile.allCases.last { $0.majorVersion <= version } ?? .ios10
    }

    /// The profile every clue allows, the earliest that fits, with a note; `fallback` when no clue bounds it.
    static func chooseProfile(_ clues: [Clue], fallback: (Profile, String)) -> (Profile, String) {
        guard let strongest = clues.max(by: { $0.from < $1.from }) else { return fallback }
        let profile = profile(forMajorVersion: strongest.from)
        let seen = clues.filter { $0.from == strongest.from }.map(\.seen)
        var note = "profile \(profile.rawValue): \(seen.joined(separator: "; ")) (iOS \(strongest.from)"
        if let through = clues.compactMap(\.through).min() {
            note += through == strongest.from ? ")" : " to \(through))"
            if through < strongest.from {
                note += "; but \(clues.first { $0.through == through }!.seen) ends with iOS \(through): the clues disagree"
            }
        } else {
            note += " or later)"
        }
        let later = Profile.allCases.filter { $0.majorVersion > profile.majorVersion }
        if profile != .ios10, !later.isEmpty {
            note +=
                "; the earliest profile that fits is chosen: pass --profile (\(later.map(\.rawValue).joined(separator: ", "))) if you know the version"
        }
        return (profile, note)
    }

    /// The iOS major version each device of the model list (DevicePresets) first ran: a device is a lower bound.
    static let presetFirstVersion: [String: Int] = [
        "iphone-se-1": 7, "iphone-8": 8, "iphone-8-plus": 8, "iphone-x": 11, "iphone-xs-max": 12,
        // The XR and 11 have a 48-pt status bar from iOS 14 (44 before), which is what the preset holds.
        "iphone-11": 14, "iphone-12-mini": 14, "iphone-12": 14, "iphone-12-pro-max": 14, "iphone-14-pro": 16,
        "iphone-14-pro-max": 16, "iphone-16-pro": 18, "iphone-16-pro-max": 18, "ipad-9": 13, "ipad-mini-6": 15,
        "ipad-air-5": 14, "ipad-pro-11": 12, "ipad-pro-12-9": 12,
    ]

    /// The device: a preset when the window and the status bar match one; else the window's size with the scale of
    /// the preset of that size (the model list, not a guess), and a note either way when something is not known.
    static func device(width: Double, height: Double, statusBar: Double, notes: inout [String], clues: inout [Clue]) -> DeviceChoice {
        if let preset = DevicePreset.all.first(where: { $0.width == width && $0.height == height && $0.statusBarHeight == statusBar }) {
            if let first = presetFirstVersion[preset.name], first > 7 {
                clues.append(Clue(seen: "the device is \(preset.name) (\(preset.models)), which came with iOS \(first)", from: first))
            }
            return .preset(preset.name)
        }
        let sameSize = DevicePreset.all.filter { $0.width == width && $0.height == height }
        let scale: Double
        if let preset = sameSize.first {
            scale = preset.scale
            let scales = Set(sameSize.map(\.scale))
            if scales.count > 1 {
                notes.append(
                    "scale: \(fmt(width)) x \(fmt(height)) is \(sameSize.map(\.name).joined(separator: " or ")) in the model list, at different scales; @\(fmt(scale))x (\(preset.name)) is taken"
                )
            } else {
                notes.append(
                    "scale: @\(fmt(scale))x, that of \(preset.name) (\(preset.models)) in the model list, the device of this size; its status bar is \(fmt(preset.statusBarHeight)), this bar's y \(fmt(statusBar))"
                )
            }
            if let first = sameSize.compactMap({ presetFirstVersion[$0.name] }).min(), first > 7 {
                clues.append(Clue(seen: "a \(fmt(width)) x \(fmt(height)) screen (\(preset.models)) came with iOS \(first)", from: first))
            }
        } else {
            scale = 3
            notes.append("scale: no device of the model list is \(fmt(width)) x \(fmt(height)); 3 (@3x) is assumed")
        }
        return .custom(width: width, height: height, statusBar: statusBar, scale: scale)
    }

    /// The `device` member of a document.
    enum DeviceChoice {
        case preset(String)
        case custom(width: Double, height: Double, statusBar: Double, scale: Double)

        var json: JSON {
            switch self {
            case .preset(let name): return ["preset": .string(name)]
            case .custom(let w, let h, let s, let scale):
                return ["width": .number(w), "height": .number(h), "statusBarHeight": .number(s), "scale": .number(scale)]
            }
        }
    }
}
