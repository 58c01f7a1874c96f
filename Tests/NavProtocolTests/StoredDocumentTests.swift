import Foundation
import JSONCore
import NavModel
import Testing

@testable import NavProtocol

/// The state directory keeps `SessionDocument.encodeStored`: the snapshot document less every member a reader
/// takes as its default when absent. Restoring it must give the very model the snapshot gives.
@Suite("Stored session documents")
struct StoredDocumentTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Decodes the stored form of `model` and checks it is `model`, that it is no longer than its snapshot, and
    /// that it is the snapshot document written leaving out the defaults.
    func expectStoredRestores(_ model: NavigationModel, name: String = "s", _ comment: Comment? = nil) throws {
        let stored = SessionDocument.encodeStored(name: name, model: model)
        let reference = SessionDocument.encode(name: name, model: model).serializedBytes(leavingOut: SessionDocument.storedDefaults)
        #expect(String(decoding: stored, as: UTF8.self) == String(decoding: reference, as: UTF8.self), comment)
        let (restoredName, restored) = try SessionDocument.decode(
            try JSON.parse(String(decoding: stored, as: UTF8.self)), limits: ModelLimits())
        #expect(restoredName == name, comment)
        #expect(restored == model, comment)
        #expect(SessionDocument.encode(name: name, model: restored) == SessionDocument.encode(name: name, model: model), comment)
        #expect(stored.count <= SessionDocument.encode(name: name, model: model).serializedBytes().count, comment)
    }

    @Test("a new session of titled screens is stored as its names, screens and counters only")
    func defaultsLeftOut() throws {
        var m = try NavigationModel(config: SessionConfig(), screens: [Screen(id: "a", title: "A")])
        _ = try m.push(Screen(id: "b", title: "B"))
        let stored = String(decoding: SessionDocument.encodeStored(name: "inbox", model: m), as: UTF8.self)
        var expected =
            #"{"format":"navd-session","formatVersion":1,"name":"inbox","screens":[{"id":"a","title":"A"},{"id":"b","title":"B"}],"#
        expected += #""version":\#(m.version),"nextGeneratedId":\#(m.nextGeneratedId),"coveredSnapshots":{"a":{"id":"a","title":"A"}},"#
        expected += #""shownBackTitle":{"screenId":"b","backTitle":\#(m.shownBackTitle!.backTitle.json.serialized())}}"#
        #expect(stored == expected)
        try expectStoredRestores(m)
    }

    @Test("a write that reuses the last one's screens writes what a fresh write does, after every kind of change")
    func reusedScreens() throws {
        var m = try awayFromDefaults()
        var cache = SessionDocument.StoredScreens()
        func expectFresh(_ comment: Comment) {
            let reused = SessionDocument.encodeStored(name: "s", model: m, reusing: &cache)
            #expect(
                String(decoding: reused, as: UTF8.self)
                    == String(decoding: SessionDocument.encodeStored(name: "s", model: m), as: UTF8.self), comment)
        }
        expectFresh("first write")
        _ = try m.push(Screen(id: "c", title: "C"))
        expectFresh("after a push")
        _ = try m.updateScreen("b") { $0.item.rightItems = [] }
        expectFresh("after an item changed on a covered screen")
        _ = try m.updateScreen("c") { $0.title = "C2" }
        expectFresh("after the top screen's title changed")
        _ = try m.pop()
        expectFresh("after a pop")
        _ = try m.setStack([Screen(id: "x", title: "X")] + m.screens)
        expectFresh("after a screen was put under the others")
        _ = try m.setStack(Array(m.screens.dropFirst()))
        expectFresh("after the root was taken out")
        _ = try m.setStack([Screen(id: "c", title: "Other"), Screen(id: "a", title: "A")])
        expectFresh("after the stack was replaced, an id reused for another screen")
        m.config = SessionConfig()
        expectFresh("after the configuration went back to a new session's")
    }

    /// Every example and seed document: its path under the repository, its name and its model.
    static func exampleDocuments() throws -> [(path: String, name: String, model: NavigationModel)] {
        var out: [(path: String, name: String, model: NavigationModel)] = []
        for folder in ["examples/rules", "examples/seeds"] {
            let directory = root.appendingPathComponent(folder)
            for file in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() where file.hasSuffix(".navd.json") {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                let (name, model) = try SessionDocument.decode(try JSON.parse(text), limits: ModelLimits())
                out.append(("\(folder)/\(file)", name, model))
            }
        }
        return out
    }

    @Test("every example and seed document restores from its stored form to the model its snapshot gives")
    func examplesRoundTrip() throws {
        let documents = try Self.exampleDocuments()
        for document in documents {
            try expectStoredRestores(document.model, name: document.name, "\(document.path)")
        }
        #expect(documents.count > 30)
    }

    @Test("a back title is written as its JSON is, for every screen of every example and seed and every optional member")
    func backTitleWriter() throws {
        func expectSame(_ title: BackTitle, _ comment: Comment) {
            let written = JSONBytes.make(capacity: 64) { title.write(to: &$0) }
            #expect(String(decoding: written, as: UTF8.self) == String(decoding: title.json.serializedBytes(), as: UTF8.self), comment)
        }
        var count = 0
        for document in try Self.exampleDocuments() {
            for index in document.model.screens.indices {
                expectSame(BackTitleEngine.backTitle(model: document.model, screenIndex: index), "\(document.path) [\(index)]")
                count += 1
            }
        }
        #expect(count > 60)
        var every = BackTitle(
            title: "Say \"hi\"\n\u{0}é😀", display: .text, source: .backButtonTitle, truncated: true, menu: ["A", "B\\", ""],
            image: Size(width: 24, height: 17.5))
        every.hiddenBecause = .emptyBackItem
        every.metrics = MeasuredWith(file: "fonts/Inter.ttf", face: "Inter Regular", variable: true)
        every.givenWidth = 120.25
        expectSame(every, "every optional member")
        expectSame(.hidden(.root), "hidden")
        every.givenWidth = 1e300
        every.title = nil
        expectSame(every, "no title, a large width")
    }

    /// A model in which every member `storedDefaults` names holds something other than its default.
    func awayFromDefaults() throws -> NavigationModel {
        var config = SessionConfig()
        config.profile = .ios26
        config.device = Device(width: 375, height: 667, statusBarHeight: 20, scale: 2)
        config.locale = "de-DE"
        config.appLocalizations = ["en", "de"]
        let p = SessionConfig().policies.json.objectValue ?? [:]
        var policies = config.policies
        let flipped = try JSON.parse(
            """
            {"emptyBackTitles":true,"backInterception":"mask","popGesture":"fullscreen","popEdgeWidth":30,"popMaxStartX":100,
             "forwardOutsideTouches":true,"touchSlop":{"above":5,"below":7},"tintMethod":"wcag","tintThreshold":0.5,
             "backTitleSnapshot":true,"foreground":"automatic","defaultTintContrast":4.5,"stickyBackTitle":true,
             "emptyBackItemTitle":"fallThrough","emptyBackButtonTitle":"fallThrough","emptyScreenTitle":"arrowOnly","glassEmptyBackItemHides":true,
             "alphaRule":"lessThanOrEqual","maskOutside":"pop","supplementKeepsPopGesture":false,"minimalBackButtonWidth":30,
             "glassBarHeight":50,"glassItemSpacing":8,"largeTitleRowHeight":50,"searchRowHeight":50,"touchTargetTolerance":0,
             "compactBarHeight":40,"backTitleRoom":"slidTitle","backButtonEnd":"padded","textMetrics":"helveticaNeue"}
            """)
        try policies.apply(ParamReader(flipped, path: "policies"))
        for member in p { #expect(policies.json[member.key] != member.value, "policies.\(member.key) is still its default") }
        config.policies = policies
        config.bar.barTintColor = try Color.parse("#336699")
        config.bar.gradient = [try Color.parse("#000000"), try Color.parse("#ffffff")]
        config.bar.tintColor = try Color.parse("#ff0000")
        config.bar.titleColor = try Color.parse("#00ff00")
        config.bar.translucent = false
        config.bar.hidden = true
        config.bar.backIndicator = Size(width: 13, height: 21)
        config.bar.prefersLargeTitles = true
        config.bar.presentation = .pageSheet

        var screen = Screen(id: "b", title: "B", backAction: .custom)
        screen.showsPreviousTitle = true
        screen.backStyle = BackStyle()
        screen.bar = BarAppearance()
        screen.popGesture = .disabled
        screen.scrolled = true
        screen.item.title = "Item"
        screen.item.titleView = Size(width: 100, height: 30)
        screen.item.leftItems = [BarItem(id: "l", content: .title("Close"))]
        screen.item.rightItems = [BarItem(id: "r", content: .system("add"))]
        screen.item.backItem = BackItem()
        screen.item.backButtonTitle = "Back"
        screen.item.backButtonDisplayMode = .minimal
        screen.item.hidesBackButton = true
        screen.item.leftItemsSupplementBackButton = true
        screen.item.largeTitleDisplayMode = .never
        screen.item.search = SearchField()
        var m = try NavigationModel(config: config, screens: [Screen(id: "a", title: "A")])
        _ = try m.push(screen)
        return m
    }

    @Test("every member away from its default is kept, and the model restores")
    func everyMemberKept() throws {
        let m = try awayFromDefaults()
        let values = SessionDocument.storedDefaults.values
        let nested = SessionDocument.storedDefaults.nested
        let full = SessionDocument.encode(name: "s", model: m)
        let stored = try JSON.parse(String(decoding: SessionDocument.encodeStored(name: "s", model: m), as: UTF8.self))
        // The fixture moves every member off its default, so a member added to a type without a case here fails.
        for member in values { #expect(full[member.key] != member.value, "\(member.key) is still its default") }
        for key in ["policies", "bar"] {
            let inner = nested[key]?.values ?? [:]
            #expect(!inner.isEmpty, "no defaults for \(key)")
            for member in inner {
                #expect(full[key]?[member.key] != member.value, "\(key).\(member.key) is still its default")
                #expect(stored[key]?[member.key] == full[key]?[member.key], "\(key).\(member.key) was left out")
            }
        }
        let screenValues = nested["screens"]?.element?.values ?? [:]
        let itemValues = nested["screens"]?.element?.nested["item"]?.values ?? [:]
        #expect(!screenValues.isEmpty && !itemValues.isEmpty, "storedDefaults has no screen defaults")
        let pushed = full["screens"]?.arrayValue?.last
        let storedPushed = stored["screens"]?.arrayValue?.last
        for member in screenValues {
            #expect(pushed?[member.key] != member.value, "screen.\(member.key) is still its default")
        }
        for member in itemValues {
            #expect(pushed?["item"]?[member.key] != member.value, "item.\(member.key) is still its default")
            #expect(storedPushed?["item"]?[member.key] == pushed?["item"]?[member.key], "item.\(member.key) was left out")
        }
        try expectStoredRestores(m)
    }

    @Test("a present value equal to a new one (an empty bar, back item or search) is not taken for an absent one")
    func presentDefaultsKept() throws {
        var screen = Screen(id: "b", title: "B")
        screen.bar = BarAppearance()
        screen.backStyle = BackStyle()
        screen.item.backItem = BackItem()
        screen.item.search = SearchField()
        var m = try NavigationModel(config: SessionConfig(), screens: [Screen(id: "a")])
        _ = try m.push(screen)
        try expectStoredRestores(m)
        let (_, restored) = try SessionDocument.decode(
            try JSON.parse(String(decoding: SessionDocument.encodeStored(name: "s", model: m), as: UTF8.self)), limits: ModelLimits())
        #expect(restored.screens.last?.bar != nil)
        #expect(restored.screens.last?.item.backItem != nil)
    }

    @Test("a device given by a preset, and screens with ids like the ones decoding generates, restore")
    func wholeMembers() throws {
        var config = SessionConfig()
        config.device = DevicePreset.named(DevicePreset.all.last!.name)!.device
        let m = try NavigationModel(config: config, screens: [Screen(id: "restored-1"), Screen(id: "restored-2", title: "")])
        try expectStoredRestores(m)
    }

    @Test("the writer leaves out only members equal to their defaults, in any order, and nested ones member by member")
    func writerLeavesOut() throws {
        let defaults = JSONDefaults.object(
            values: ["a": 1, "b": ["x": 1, "y": 2], "c": .null],
            nested: ["b": .object(["x": 1, "y": 2]), "list": .each(.object(["k": false]))])
        let value: JSON = ["c": .null, "b": ["y": 3, "x": 1], "a": 2, "list": [["k": false, "v": 1], ["k": true]], "d": 4]
        #expect(
            String(decoding: value.serializedBytes(leavingOut: defaults), as: UTF8.self)
                == #"{"b":{"y":3},"a":2,"list":[{"v":1},{"k":true}],"d":4}"#)
        let same: JSON = ["a": 1, "b": ["x": 1, "y": 2], "c": .null]
        #expect(String(decoding: same.serializedBytes(leavingOut: defaults), as: UTF8.self) == "{}")
        #expect(String(decoding: JSON.array([1]).serializedBytes(leavingOut: defaults), as: UTF8.self) == "[1]")
    }
}
