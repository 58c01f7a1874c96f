import JSONCore
import NavModel
import Testing

@testable import NavProtocol

@Suite("Device presets on the wire")
struct DevicePresetTests {
    func config(_ device: JSON, onto base: SessionConfig = SessionConfig()) throws(RPCError) -> SessionConfig {
        var c = base
        try c.apply(try ParamReader(["device": device]))
        return c
    }

    @Test("{\"preset\": NAME} sets every number, and the session reports the preset")
    func preset() throws {
        let c = try config(["preset": "iphone-se-1"])
        #expect(c.device == Device(width: 320, height: 568, statusBarHeight: 20, scale: 2, preset: "iphone-se-1"))
        #expect(c.device.json["preset"] == "iphone-se-1")
        let document = SessionDocument.encode(name: "x", model: try NavigationModel(config: c))
        let (_, restored) = try SessionDocument.decode(document, limits: ModelLimits())
        #expect(restored.config.device.preset == "iphone-se-1")
    }

    @Test("every model a preset lists is a name for it; an ambiguous one names none")
    func modelNames() throws {
        // Written out from the models column of docs/devices.md, not from the code that splits it.
        let expected: [String: String] = [
            "iphone-15": "iphone-14-pro", "iphone-15-pro": "iphone-14-pro", "iphone-16": "iphone-14-pro",
            "iphone-15-pro-max": "iphone-14-pro-max", "iphone-17": "iphone-16-pro", "iphone-17-pro-max": "iphone-16-pro-max",
            "iphone-13-mini": "iphone-12-mini", "iphone-14": "iphone-12", "iphone-14-plus": "iphone-12-pro-max",
            "iphone-xr": "iphone-11", "iphone-xs": "iphone-x", "iphone-11-pro": "iphone-x", "iphone-5s": "iphone-se-1",
            "iphone-6s": "iphone-8", "iphone-7-plus": "iphone-8-plus", "ipad-mini": "ipad-mini-6", "ipad-pro-11-inch": "ipad-pro-11",
        ]
        for (model, preset) in expected {
            #expect(DevicePreset.named(model)?.name == preset, "\(model)")
            #expect(try config(["preset": .string(model)]).device.preset == preset, "\(model) on the wire")
        }
        #expect(DevicePreset.named("iPhone 15 Pro")?.name == "iphone-14-pro")
        // iPhone SE is the first generation (320 wide) or the second and third (375): not guessed.
        #expect(DevicePreset.named("iphone-se") == nil)
        #expect(Set(DevicePreset.listing("iphone-se").map(\.name)) == ["iphone-se-1", "iphone-8"])
        #expect(DevicePreset.named("iphone-99") == nil)
        for preset in DevicePreset.all { #expect(DevicePreset.named(preset.name) == preset) }
    }

    @Test("numbers beside a preset override it, and it then no longer names the device")
    func overrides() throws {
        let c = try config(["preset": "iphone-12", "statusBarHeight": 0])
        #expect(c.device.statusBarHeight == 0 && c.device.width == 390 && c.device.preset == nil)
        let same = try config(["preset": "iphone-12", "width": 390])
        #expect(same.device.preset == "iphone-12")
        // A later patch of one number drops the name too.
        let later = try config(["scale": 2], onto: try config(["preset": "iphone-12"]))
        #expect(later.device.preset == nil && later.device.width == 390)
    }

    @Test("an unknown preset is -32602 at device.preset, naming the known ones")
    func unknown() {
        #expect {
            _ = try config(["preset": "iphone-99"])
        } throws: { error in
            let e = try #require(error as? RPCError)
            return e.code == -32602 && e.data?["path"] == "device.preset" && e.message.contains("iphone-se-1")
        }
    }

    @Test("every preset is portrait, with a status bar and scale UIKit uses; names are unique")
    func table() {
        #expect(Set(DevicePreset.all.map(\.name)).count == DevicePreset.all.count)
        for p in DevicePreset.all {
            #expect(
                p.height > p.width && [2.0, 3.0].contains(p.scale) && [20.0, 24, 44, 47, 48, 50, 54, 62].contains(p.statusBarHeight),
                "\(p.name)")
            #expect(p.device.idiom == p.idiom)
        }
        #expect(
            DevicePreset.named("iphone-se-1")?.device
                == Device(width: 320, height: 568, statusBarHeight: 20, scale: 2, preset: "iphone-se-1"))
    }

    @Test("GEO-1: an iPad bar is 50 pt from the iOS 12 SDK on (ios13 and later), 44 before")
    func padBar() throws {
        for (profile, height) in [(Profile.ios11, 44.0), (.ios13, 50), (.ios17, 50)] {
            var c = try config(["preset": "ipad-pro-11"])
            c.profile = profile
            let m = try NavigationModel(config: c, screens: [Screen(id: "a", title: "A")])
            #expect(BarLayoutEngine.layout(model: m)?.barFrame.height == height, "\(profile)")
        }
        let phone = try NavigationModel(config: try config(["preset": "iphone-16-pro-max"]), screens: [Screen(id: "a")])
        #expect(BarLayoutEngine.layout(model: phone)?.barFrame == Rect(x: 0, y: 54, width: 440, height: 44))
    }
}
