import NavdProbeCore
import ProbeTestSupport
import Testing

/// The document written for `controller`, parsed back.
@MainActor
private func written(_ controller: FakeNavigationController, version: String? = "17.4") throws -> ParsedJSON {
    try ParsedJSON(parsing: DocumentBuilder(systemVersion: version).document(for: controller).json)
}

@MainActor
private func notes(_ controller: FakeNavigationController, version: String? = "17.4") -> [String] {
    DocumentBuilder(systemVersion: version).document(for: controller).notes
}

@MainActor
private func homeAndDetail() -> (FakeNavigationController, home: FakeViewController, detail: FakeViewController) {
    let home = FakeViewController("HomeViewController", title: "Home")
    let detail = FakeViewController("DetailViewController", title: "Detail")
    return (FakeNavigationController([home, detail]), home, detail)
}

@MainActor
@Suite struct StackShapes {
    @Test func aCleanStackIsItsScreensDeviceAndProfile() throws {
        let (controller, _, _) = homeAndDetail()
        let json = try written(controller)
        #expect(json.keys == ["description", "device", "format", "formatVersion", "notes", "profile", "screens"])
        #expect(json["format"] == "navd-session")
        #expect(json["formatVersion"] == 1)
        #expect(json["profile"] == "ios17")
        #expect(json["description"] == "What NavdProbe read from a live UINavigationController on iOS 17.4.")
        #expect(json["device"] == ["width": 390, "height": 844, "statusBarHeight": 47, "scale": 3])
        #expect(
            json["screens"] == [
                ["id": "HomeViewController", "title": "Home"],
                ["id": "DetailViewController", "title": "Detail"],
            ])
        #expect(
            json["notes"] == [
                "The bar is the stock one with UIKit's default tint (#007AFF), so its colours are left to navd's default bar."
            ])
    }

    @Test func theJSONKeepsNavdsMemberOrder() {
        let (controller, _, _) = homeAndDetail()
        let text = DocumentBuilder(systemVersion: "17.4", name: "flow").document(for: controller).json
        let order = [
            "\"format\"", "\"formatVersion\"", "\"name\"", "\"description\"", "\"notes\"", "\"profile\"", "\"device\"", "\"screens\"",
        ]
        let offsets = order.map { text.range(of: $0)?.lowerBound }
        #expect(offsets.allSatisfy { $0 != nil })
        #expect(offsets.compactMap { $0 } == offsets.compactMap { $0 }.sorted())
        #expect(text.hasPrefix("{\n  \"format\": \"navd-session\",\n"))
        #expect(text.hasSuffix("\n}\n"))
    }

    @Test func aBackItemWithATargetAndActionIsACustomAction() throws {
        let (controller, home, _) = homeAndDetail()
        home.item.backItem = FakeBarButtonItem(title: "Home", target: true, action: true)
        let json = try written(controller)
        #expect(json["screens"]?[0]?["item"] == ["backItem": ["title": "Home", "action": "custom"]])
        #expect(json["screens"]?[1]?["item"] == nil)
    }

    @Test func anActionAloneOrATargetAloneIsStillCustom() throws {
        for (target, action) in [(true, false), (false, true)] {
            let (controller, home, _) = homeAndDetail()
            home.item.backItem = FakeBarButtonItem(title: "Home", target: target, action: action)
            #expect(try written(controller)["screens"]?[0]?["item"]?["backItem"]?["action"] == "custom")
        }
    }

    @Test func aBackItemWithNeitherHasNoAction() throws {
        let (controller, home, _) = homeAndDetail()
        home.item.backItem = FakeBarButtonItem(title: "Home")
        #expect(try written(controller)["screens"]?[0]?["item"] == ["backItem": ["title": "Home"]])
    }

    @Test func anEmptyBackTitleIsWrittenEmpty() throws {
        let (controller, home, _) = homeAndDetail()
        home.item.backItem = FakeBarButtonItem(title: "")
        #expect(try written(controller)["screens"]?[0]?["item"] == ["backItem": ["title": ""]])
    }

    @Test func anImageBackItemHasItsSize() throws {
        let (controller, home, _) = homeAndDetail()
        home.item.backItem = FakeBarButtonItem(image: ProbeSize(width: 13, height: 21))
        #expect(try written(controller)["screens"]?[0]?["item"] == ["backItem": ["image": ["width": 13, "height": 21]]])
    }

    @Test func theBackButtonsOwnSettings() throws {
        let (controller, home, detail) = homeAndDetail()
        home.item.probeBackButtonTitle = "Start"
        home.item.probeBackButtonDisplayMode = .minimal
        detail.item.probeHidesBackButton = true
        let json = try written(controller)
        #expect(json["screens"]?[0]?["item"] == ["backButtonTitle": "Start", "backButtonDisplayMode": "minimal"])
        #expect(json["screens"]?[1]?["item"] == ["hidesBackButton": true])
    }

    @Test func noDisplayModeBeforeIOS14IsTheDefault() throws {
        let (controller, home, _) = homeAndDetail()
        home.item.probeBackButtonDisplayMode = nil
        #expect(try written(controller, version: "13.7")["screens"]?[0]?["item"] == nil)
    }

    @Test func aLeftItemWithoutSupplementIsWrittenAsIs() throws {
        let (controller, _, detail) = homeAndDetail()
        detail.item.leftItems = [FakeBarButtonItem(title: "Close", target: true, action: true)]
        #expect(try written(controller)["screens"]?[1]?["item"] == ["leftItems": [["title": "Close"]]])
    }

    @Test func aSupplementingLeftItemSaysSo() throws {
        let (controller, _, detail) = homeAndDetail()
        detail.item.leftItems = [FakeBarButtonItem(title: "Close")]
        detail.item.probeLeftItemsSupplementBackButton = true
        #expect(
            try written(controller)["screens"]?[1]?["item"] == ["leftItems": [["title": "Close"]], "leftItemsSupplementBackButton": true])
    }

    @Test func theItemTitleIsWrittenOnlyWhereItDiffersFromTheTitle() throws {
        let (controller, home, detail) = homeAndDetail()
        home.item.probeTitle = "Start"
        detail.probeTitle = nil
        let json = try written(controller)
        #expect(json["screens"]?[0] == ["id": "HomeViewController", "title": "Home", "item": ["title": "Start"]])
        #expect(json["screens"]?[1] == ["id": "DetailViewController", "item": ["title": "Detail"]])
    }

    @Test func aTitleViewHasItsSize() throws {
        let (controller, _, detail) = homeAndDetail()
        detail.item.probeTitleViewSize = ProbeSize(width: 120, height: 30)
        #expect(try written(controller)["screens"]?[1]?["item"] == ["titleView": ["width": 120, "height": 30]])
    }

    @Test func screensOfOneClassGetNumberedIds() throws {
        let controller = FakeNavigationController([
            FakeViewController("ListViewController", title: "A"), FakeViewController("ListViewController", title: "B"),
            FakeViewController("ListViewController-2", title: "C"), FakeViewController("", title: "D"),
        ])
        let json = try written(controller)
        let ids = (0..<4).map { json["screens"]?[$0]?["id"] }
        #expect(ids == ["ListViewController", "ListViewController-2", "ListViewController-2-2", "screen"])
    }

    @Test func anEmptyStackSaysSo() throws {
        let controller = FakeNavigationController([])
        controller.popGesture?.probeIsEnabled = false
        #expect(try written(controller)["screens"] == [])
        #expect(notes(controller).contains("The navigation controller holds no view controller."))
    }
}

@MainActor
@Suite struct BarItems {
    @Test func eachContentKind() throws {
        let (controller, _, detail) = homeAndDetail()
        let disabled = FakeBarButtonItem(title: "Send")
        disabled.probeIsEnabled = false
        let hidden = FakeBarButtonItem(image: ProbeSize(width: 24, height: 22))
        hidden.probeIsHidden = true
        let wide = FakeBarButtonItem(title: "Edit")
        wide.probeWidth = 60
        detail.item.rightItems = [
            disabled, hidden, wide, FakeBarButtonItem(customView: ProbeRect(x: 0, y: 0, width: 36.5, height: 30)),
            FakeBarButtonItem(target: true, action: true),
        ]
        let json = try written(controller)
        #expect(
            json["screens"]?[1]?["item"]?["rightItems"] == [
                ["title": "Send", "enabled": false],
                ["image": ["width": 24, "height": 22], "hidden": true],
                ["title": "Edit", "width": 60],
                ["customView": ["width": 36.5, "height": 30]],
                ["system": "unknown"],
            ])
        #expect(notes(controller).contains { $0.hasPrefix("UIKit does not say which system item") })
    }

    @Test func aCustomViewOutranksAnImageAndAnImageATitle() throws {
        let (controller, _, detail) = homeAndDetail()
        detail.item.rightItems = [
            FakeBarButtonItem(
                title: "Share", image: ProbeSize(width: 20, height: 20), customView: ProbeRect(x: 0, y: 0, width: 44, height: 44)),
            FakeBarButtonItem(title: "Share", image: ProbeSize(width: 20, height: 20)),
        ]
        #expect(
            try written(controller)["screens"]?[1]?["item"]?["rightItems"] == [
                ["customView": ["width": 44, "height": 44]], ["image": ["width": 20, "height": 20]],
            ])
    }

    @Test func aCustomViewWithoutASizeLeavesNavdsDefault() throws {
        let (controller, _, detail) = homeAndDetail()
        detail.item.rightItems = [FakeBarButtonItem(customView: ProbeRect(x: 0, y: 0, width: 0, height: 0))]
        #expect(try written(controller)["screens"]?[1]?["item"]?["rightItems"] == [["customView": [:]]])
        #expect(
            notes(controller).contains(
                "'DetailViewController''s right item 0 is a custom view with no size in its frame (sized by constraints, or not laid out yet): navd takes 44 pt."
            ))
    }

    @Test func aNegativeFixedSpaceIsLeftOut() throws {
        let (controller, _, detail) = homeAndDetail()
        let space = FakeBarButtonItem()
        space.probeWidth = -16
        detail.item.leftItems = [space, FakeBarButtonItem(title: "Close")]
        #expect(try written(controller)["screens"]?[1]?["item"]?["leftItems"] == [["title": "Close"]])
        #expect(notes(controller).contains("'DetailViewController''s left item 0 has a negative width (-16), a fixed space: left out."))
    }

    @Test func accessibilityIdentifiersNameItemsWhenUniqueOnTheirSide() throws {
        let (controller, _, detail) = homeAndDetail()
        let items = ["share", "more", "more", ""].map { identifier -> FakeBarButtonItem in
            let item = FakeBarButtonItem(title: "T")
            item.probeIdentifier = identifier
            return item
        }
        detail.item.rightItems = items
        #expect(
            try written(controller)["screens"]?[1]?["item"]?["rightItems"] == [
                ["id": "share", "title": "T"], ["title": "T"], ["title": "T"], ["title": "T"],
            ])
    }

    @Test func lengthsAreRoundedToAThousandthOfAPoint() throws {
        let (controller, _, detail) = homeAndDetail()
        detail.item.rightItems = [FakeBarButtonItem(customView: ProbeRect(x: 0, y: 0, width: 44.333333333333336, height: 30))]
        #expect(try written(controller)["screens"]?[1]?["item"]?["rightItems"] == [["customView": ["width": 44.333, "height": 30]]])
    }
}

@MainActor
@Suite struct PopGesture {
    @Test func disabledOnAPushedScreen() throws {
        let (controller, _, _) = homeAndDetail()
        controller.popGesture?.probeIsEnabled = false
        let json = try written(controller)
        #expect(json["screens"]?[1]?["popGesture"] == "disabled")
        #expect(json["screens"]?[0]?["popGesture"] == nil)
    }

    @Test func uikitsOwnDelegateLeavesNavdsRules() throws {
        let (controller, _, detail) = homeAndDetail()
        detail.item.leftItems = [FakeBarButtonItem(title: "Close")]
        #expect(try written(controller)["screens"]?[1]?["popGesture"] == nil)
        #expect(!notes(controller).contains { $0.contains("interactivePopGestureRecognizer") })
    }

    @Test func anAppsDelegateMakesTheSwipeBeginOnThePushedScreen() throws {
        let (controller, _, detail) = homeAndDetail()
        detail.item.leftItems = [FakeBarButtonItem(title: "Close")]
        controller.popGesture?.probeDelegateClassName = "SwipeBackNavigationController"
        #expect(try written(controller)["screens"]?[1]?["popGesture"] == "edge")
        #expect(
            notes(controller).contains(
                "interactivePopGestureRecognizer's delegate is the app's SwipeBackNavigationController: the edge swipe is taken to "
                    + "begin on 'DetailViewController' whatever its items (POP-3); what the delegate answers is not read."))
    }

    @Test func anAppsDelegateAtTheRootIsOnlyNoted() throws {
        let controller = FakeNavigationController([FakeViewController("HomeViewController", title: "Home")])
        controller.popGesture?.probeDelegateClassName = "SwipeBackNavigationController"
        #expect(try written(controller)["screens"] == [["id": "HomeViewController", "title": "Home"]])
        #expect(notes(controller).contains { $0.contains("whether it refuses the swipe on a stack of one (POP-4) is not read") })
    }

    @Test func noDelegateLetsTheSwipeBeginEvenAtTheRoot() throws {
        let controller = FakeNavigationController([FakeViewController("HomeViewController", title: "Home")])
        controller.popGesture?.probeDelegateClassName = nil
        #expect(try written(controller)["screens"]?[0]?["popGesture"] == "edge")
    }

    @Test func disabledWinsOverTheDelegate() throws {
        let (controller, _, _) = homeAndDetail()
        controller.popGesture?.probeIsEnabled = false
        controller.popGesture?.probeDelegateClassName = nil
        #expect(try written(controller)["screens"]?[1]?["popGesture"] == "disabled")
    }

    @Test func noGestureWritesNothing() throws {
        let (controller, _, _) = homeAndDetail()
        controller.popGesture = nil
        #expect(try written(controller)["screens"]?[1]?["popGesture"] == nil)
    }

    @Test func privateUIKitClassesAreTold() {
        #expect(DocumentBuilder.isUIKitPrivate("_UINavigationInteractiveTransition"))
        #expect(!DocumentBuilder.isUIKitPrivate("UINavigationController"))
        #expect(!DocumentBuilder.isUIKitPrivate("MyApp.NavigationController"))
    }
}

@MainActor
@Suite struct Colours {
    @Test func anAppearanceBackgroundOutranksBarTintColor() throws {
        let (controller, _, _) = homeAndDetail()
        controller.bar.probeBarTintColor = ProbeColor(hex: "#FF0000")
        controller.bar.appearance = FakeAppearance(background: ProbeColor(hex: "#1C1C1E"), title: ProbeColor(hex: "#FFFFFF"))
        controller.bar.probeTintColor = ProbeColor(hex: "#FFFFFF")
        #expect(try written(controller)["bar"] == ["barTintColor": "#1C1C1E", "tintColor": "#FFFFFF", "titleColor": "#FFFFFF"])
        #expect(!notes(controller).contains { $0.contains("SRC-2") })
    }

    @Test func barTintColorWithoutAnAppearanceIsNotedFromIOS15() throws {
        let (controller, _, _) = homeAndDetail()
        controller.bar.probeBarTintColor = ProbeColor(hex: "#FFCC00")
        controller.bar.probeTitleColor = ProbeColor(hex: "#000000")
        #expect(try written(controller)["bar"] == ["barTintColor": "#FFCC00", "tintColor": "#007AFF", "titleColor": "#000000"])
        #expect(notes(controller, version: "15.0").contains { $0.hasSuffix("(SRC-2).") })
        #expect(!notes(controller, version: "14.8").contains { $0.hasSuffix("(SRC-2).") })
    }

    @Test func theStockBarLeavesItsColoursToNavd() throws {
        let (controller, _, _) = homeAndDetail()
        controller.bar.probeTintColor = ProbeColor(hex: "#0A84FF")
        #expect(try written(controller)["bar"] == nil)
    }

    @Test func anAppsTintIsWrittenOnTheStockBar() throws {
        let (controller, _, _) = homeAndDetail()
        controller.bar.probeTintColor = ProbeColor(hex: "#8E8E93")
        #expect(try written(controller)["bar"] == ["tintColor": "#8E8E93"])
    }

    @Test func translucencyHiddenAndTheBackIndicator() throws {
        let (controller, _, _) = homeAndDetail()
        controller.bar.probeIsTranslucent = false
        controller.probeBarHidden = true
        controller.bar.probeBackIndicatorSize = ProbeSize(width: 13, height: 21)
        #expect(
            try written(controller)["bar"] == ["translucent": false, "hidden": true, "backIndicator": ["width": 13, "height": 21]])
    }

    @Test func anUnreadableColourIsLeftOutWithANote() throws {
        let (controller, _, _) = homeAndDetail()
        controller.bar.appearance = FakeAppearance(background: .unreadable)
        #expect(try written(controller)["bar"] == nil)
        #expect(
            notes(controller).contains(
                "The background of the bar's standardAppearance has no RGB components (a pattern image?): left out."))
    }

    @Test func translucentColoursKeepTheirAlpha() throws {
        let (controller, _, _) = homeAndDetail()
        controller.bar.probeBarTintColor = .rgba(red: 0, green: 0, blue: 0, alpha: 0)
        #expect(try written(controller)["bar"]?["barTintColor"] == "#00000000")
    }

    @Test func anItemsAppearanceIsItsScreensBarAndStopsThere() throws {
        let home = FakeViewController("HomeViewController", title: "Home")
        let detail = FakeViewController("DetailViewController", title: "Detail")
        let more = FakeViewController("MoreViewController", title: "More")
        let controller = FakeNavigationController([home, detail, more])
        controller.bar.probeIsTranslucent = false
        detail.item.appearance = FakeAppearance(background: ProbeColor(hex: "#FFCC00"), title: ProbeColor(hex: "#000000"))
        let json = try written(controller)
        #expect(json["screens"]?[0]?["bar"] == nil)
        #expect(json["screens"]?[1]?["bar"] == ["barTintColor": "#FFCC00", "titleColor": "#000000", "translucent": false])
        #expect(json["screens"]?[2]?["bar"] == ["translucent": false])
        // The stock tint is written: the app coloured a bar.
        #expect(json["bar"] == ["tintColor": "#007AFF", "translucent": false])
    }
}

@MainActor
@Suite struct DeviceAndProfile {
    @Test func theBarsPlaceIsTheStatusBarHeight() throws {
        let (controller, _, _) = homeAndDetail()
        controller.probeWindow = ProbedWindow(screenSize: ProbeSize(width: 393, height: 852), scale: 3, statusBarHeight: 54)
        controller.bar.probeFrameInWindow = ProbeRect(x: 0, y: 54, width: 393, height: 44)
        #expect(try written(controller)["device"] == ["width": 393, "height": 852, "statusBarHeight": 54, "scale": 3])
    }

    @Test func aBarNotLaidOutFallsBackToTheStatusBar() throws {
        let (controller, _, _) = homeAndDetail()
        controller.probeWindow = ProbedWindow(screenSize: ProbeSize(width: 320, height: 568), scale: 2, statusBarHeight: 20)
        controller.bar.probeFrameInWindow = ProbeRect(x: 0, y: 0, width: 0, height: 0)
        #expect(try written(controller)["device"] == ["width": 320, "height": 568, "statusBarHeight": 20, "scale": 2])
        #expect(notes(controller).contains("The bar is not laid out in its window, so it is taken to start under the status bar (20 pt)."))
    }

    @Test func aHiddenBarFallsBackToTheStatusBar() throws {
        let (controller, _, _) = homeAndDetail()
        controller.probeBarHidden = true
        controller.bar.probeFrameInWindow = ProbeRect(x: 0, y: -44, width: 390, height: 44)
        controller.probeWindow = ProbedWindow(screenSize: ProbeSize(width: 390, height: 844), scale: 3, statusBarHeight: 47)
        #expect(try written(controller)["device"]?["statusBarHeight"] == 47)
    }

    @Test func noWindowLeavesTheDeviceToNavd() throws {
        let (controller, _, _) = homeAndDetail()
        controller.probeWindow = nil
        controller.bar.probeFrameInWindow = nil
        #expect(try written(controller)["device"] == nil)
        #expect(notes(controller).contains { $0.hasPrefix("The navigation controller's view is in no window") })
    }

    @Test func numbersNavdRefusesAreLeftOut() throws {
        let (controller, _, _) = homeAndDetail()
        controller.probeWindow = ProbedWindow(screenSize: ProbeSize(width: 0, height: 0), scale: 0, statusBarHeight: nil)
        controller.bar.probeFrameInWindow = nil
        #expect(try written(controller)["device"] == [:])
        #expect(notes(controller).count >= 3)
    }

    @Test func versionsMapToTheProfileThatStandsForThem() {
        let cases: [(String, ProbeProfile?)] = [
            ("7.0", .ios10), ("10.3.1", .ios10), ("11.0", .ios11), ("12.5.7", .ios11), ("13.7", .ios13), ("14.0", .ios14),
            ("16.7.2", .ios14), ("17.4", .ios17), ("18.2", .ios17), ("25.9", .ios17), ("26.0.1", .ios26), ("27", .ios26),
            ("6.1", nil), ("", nil), ("beta", nil), ("17a.1", nil), ("-17", nil), ("99999999999999999999", nil),
        ]
        for (version, profile) in cases {
            #expect(ProbeProfile(systemVersion: version) == profile, "\(version)")
        }
    }

    @Test func aVersionOtherThanTheProfilesOwnIsNoted() throws {
        let (controller, _, _) = homeAndDetail()
        #expect(try written(controller, version: "18.2")["profile"] == "ios17")
        #expect(notes(controller, version: "18.2").contains("iOS 18.2 is checked under the ios17 profile, which stands for iOS 17 to 25."))
        #expect(
            notes(controller, version: "27.0").contains("iOS 27.0 is checked under the ios26 profile, which stands for iOS 26 and later."))
        #expect(!notes(controller, version: "17.0").contains { $0.contains("is checked under") })
        #expect(!notes(controller, version: "26.1").contains { $0.contains("is checked under") })
    }

    @Test func anUnknownVersionLeavesTheProfileToNavd() throws {
        let (controller, _, _) = homeAndDetail()
        #expect(try written(controller, version: "6.1")["profile"] == nil)
        #expect(try written(controller, version: nil)["profile"] == nil)
        #expect(
            notes(controller, version: "6.1").contains(
                "'6.1' is no iOS version navd has a profile for, so navd's default profile (ios17) applies."))
    }
}
