import Foundation
import NavdProbeStubbed
import ProbeScenarios
import ProbeTestSupport
import Testing
import UIKitStub

// The adapter (Sources/NavdProbe/NavdProbe.swift, compiled against UIKitStub) read through its public entry point:
// each test sets UIKit properties as an app sets them and checks the members of the written document.

@MainActor
private func written(_ controller: UINavigationController, version: String = "17.4") throws -> ParsedJSON {
    UIDevice.current.systemVersion = version
    return try ParsedJSON(parsing: NavdProbe.document(for: controller).json)
}

@MainActor
private func titled<Controller: UIViewController>(_ controller: Controller, _ title: String) -> Controller {
    controller.title = title
    return controller
}

final class MainNavigationController: UINavigationController {}

@MainActor
@Suite struct AdapterReads {
    @Test func theStackTheWindowAndTheVersion() throws {
        let json = try written(stack(titled(HomeViewController(), "Home"), titled(DetailViewController(), "Detail")), version: "16.7.2")
        #expect(json["profile"] == "ios14")
        #expect(json["device"] == ["width": 390, "height": 844, "statusBarHeight": 47, "scale": 3])
        #expect(
            json["screens"] == [
                ["id": "HomeViewController", "title": "Home"],
                ["id": "DetailViewController", "title": "Detail"],
            ])
        #expect(json["description"] == "What NavdProbe read from a live UINavigationController on iOS 16.7.2.")
    }

    @Test func theNavigationControllersOwnClassNamesIt() throws {
        let controller = MainNavigationController(rootViewController: titled(HomeViewController(), "Home"))
        #expect(try written(controller)["description"] == "What NavdProbe read from a live MainNavigationController on iOS 17.4.")
    }

    @Test func aViewNeverLoadedIsInNoWindow() throws {
        let controller = UINavigationController(rootViewController: titled(HomeViewController(), "Home"))
        let document = NavdProbe.document(for: controller)
        #expect(document.device == nil)
        #expect(controller.viewIfLoaded == nil)
        #expect(document.notes.contains { $0.hasPrefix("The navigation controller's view is in no window") })
    }

    @Test func theBackItemsTargetAndAction() throws {
        let home = titled(HomeViewController(), "Home")
        home.navigationItem.backBarButtonItem = UIBarButtonItem(title: "Home", style: .plain, target: home, action: Selector("goBack"))
        let json = try written(stack(home, titled(DetailViewController(), "Detail")))
        #expect(json["screens"]?[0]?["item"] == ["backItem": ["title": "Home", "action": "custom"]])
    }

    @Test func aBackItemsTargetGoneIsNoLongerCustom() throws {
        let home = titled(HomeViewController(), "Home")
        let item = UIBarButtonItem(title: "", style: .plain, target: nil, action: nil)
        do {
            let handler = HomeViewController()
            item.target = handler
        }
        home.navigationItem.backBarButtonItem = item
        // UIKit holds the target weakly: once the app drops it, nothing is left to call.
        #expect(try written(stack(home, titled(DetailViewController(), "Detail")))["screens"]?[0]?["item"] == ["backItem": ["title": ""]])
    }

    @Test func itemsOfEveryKind() throws {
        let detail = titled(DetailViewController(), "Detail")
        let share = UIBarButtonItem(image: UIImage(size: CGSize(width: 24, height: 22)), style: .plain, target: nil, action: nil)
        share.accessibilityIdentifier = "share"
        let avatar = UIBarButtonItem(customView: UIView(frame: CGRect(x: 0, y: 0, width: 36, height: 36)))
        let add = UIBarButtonItem(barButtonSystemItem: .add, target: detail, action: Selector("add"))
        add.isEnabled = false
        let edit = UIBarButtonItem(title: "Edit", style: .plain, target: nil, action: nil)
        edit.isHidden = true
        edit.width = 60
        detail.navigationItem.rightBarButtonItems = [share, avatar, add, edit]
        detail.navigationItem.titleView = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 30))
        let json = try written(stack(titled(HomeViewController(), "Home"), detail))
        #expect(
            json["screens"]?[1]?["item"] == [
                "titleView": ["width": 120, "height": 30],
                "rightItems": [
                    ["id": "share", "image": ["width": 24, "height": 22]],
                    ["customView": ["width": 36, "height": 36]],
                    ["system": "unknown", "enabled": false],
                    ["title": "Edit", "hidden": true, "width": 60],
                ],
            ])
    }

    @Test func theBackButtonSettings() throws {
        let expected: [(UINavigationItem.BackButtonDisplayMode, ParsedJSON?)] = [
            (.default, nil), (.generic, "generic"), (.minimal, "minimal"),
        ]
        for (mode, member) in expected {
            let home = titled(HomeViewController(), "Home")
            home.navigationItem.backButtonDisplayMode = mode
            home.navigationItem.backButtonTitle = "Start"
            let detail = titled(DetailViewController(), "Detail")
            detail.navigationItem.hidesBackButton = true
            detail.navigationItem.leftItemsSupplementBackButton = true
            let json = try written(stack(home, detail))
            #expect(json["screens"]?[0]?["item"]?["backButtonDisplayMode"] == member)
            #expect(json["screens"]?[0]?["item"]?["backButtonTitle"] == "Start")
            #expect(json["screens"]?[1]?["item"] == ["hidesBackButton": true, "leftItemsSupplementBackButton": true])
        }
    }

    @Test func theItemTitleSetAloneIsTheItems() throws {
        let home = HomeViewController()
        home.navigationItem.title = "Inbox"
        #expect(try written(stack(home))["screens"] == [["id": "HomeViewController", "item": ["title": "Inbox"]]])
    }
}

@MainActor
@Suite struct AdapterColours {
    @Test func theBarsLegacyProperties() throws {
        let controller = stack(titled(HomeViewController(), "Home"))
        controller.navigationBar.barTintColor = UIColor(red: 1, green: 0.8, blue: 0, alpha: 1)
        controller.navigationBar.tintColor = .black
        controller.navigationBar.titleTextAttributes = [.foregroundColor: UIColor(white: 0.2, alpha: 1)]
        controller.navigationBar.isTranslucent = false
        controller.navigationBar.backIndicatorImage = UIImage(size: CGSize(width: 13, height: 21))
        #expect(
            try written(controller)["bar"] == [
                "barTintColor": "#FFCC00", "tintColor": "#000000", "titleColor": "#333333", "translucent": false,
                "backIndicator": ["width": 13, "height": 21],
            ])
    }

    @Test func theStandardAppearance() throws {
        let controller = stack(titled(HomeViewController(), "Home"))
        let appearance = UINavigationBarAppearance()
        appearance.backgroundColor = UIColor(red: 28 / 255, green: 28 / 255, blue: 30 / 255, alpha: 1)
        appearance.titleTextAttributes = [.foregroundColor: UIColor.white]
        controller.navigationBar.standardAppearance = appearance
        controller.navigationBar.barTintColor = .white
        controller.navigationBar.tintColor = .white
        #expect(try written(controller)["bar"] == ["barTintColor": "#1C1C1E", "tintColor": "#FFFFFF", "titleColor": "#FFFFFF"])
    }

    @Test func colorsResolveForTheBarsTraits() throws {
        let controller = stack(titled(HomeViewController(), "Home"))
        controller.navigationBar.barTintColor = UIColor { traits in traits.userInterfaceStyle == .dark ? .black : .white }
        controller.viewIfLoaded?.window?.overrideUserInterfaceStyle = .dark
        // The tint is inherited from the window: the system blue, in its dark form.
        #expect(try written(controller)["bar"] == ["barTintColor": "#000000", "tintColor": "#0A84FF"])
    }

    @Test func theStockBarInDarkModeIsLeftToNavd() throws {
        let controller = stack(titled(HomeViewController(), "Home"))
        controller.viewIfLoaded?.window?.overrideUserInterfaceStyle = .dark
        #expect(try written(controller)["bar"] == nil)
    }

    @Test func aPatternColourIsUnreadable() throws {
        let controller = stack(titled(HomeViewController(), "Home"))
        controller.navigationBar.barTintColor = UIColor(patternImage: UIImage(size: CGSize(width: 4, height: 4)))
        let document = NavdProbe.document(for: controller)
        #expect(document.bar?.barTintColor == nil)
        #expect(document.notes.contains("The bar's barTintColor has no RGB components (a pattern image?): left out."))
    }

    @Test func anItemsAppearance() throws {
        let detail = titled(DetailViewController(), "Detail")
        let appearance = UINavigationBarAppearance()
        appearance.backgroundColor = UIColor(red: 1, green: 0.8, blue: 0, alpha: 1)
        detail.navigationItem.standardAppearance = appearance
        let json = try written(stack(titled(HomeViewController(), "Home"), detail))
        #expect(json["screens"]?[0]?["bar"] == nil)
        #expect(json["screens"]?[1]?["bar"] == ["barTintColor": "#FFCC00"])
    }
}

@MainActor
@Suite struct AdapterPopGesture {
    @Test func uikitsDelegateIsUIKits() throws {
        let controller = stack(titled(HomeViewController(), "Home"), titled(DetailViewController(), "Detail"))
        #expect(
            controller.interactivePopGestureRecognizer?.delegate.map { String(describing: type(of: $0)) }
                == "_UINavigationInteractiveTransition")
        #expect(try written(controller)["screens"]?[1]?["popGesture"] == nil)
    }

    @Test func disabled() throws {
        let controller = stack(titled(HomeViewController(), "Home"), titled(DetailViewController(), "Detail"))
        controller.interactivePopGestureRecognizer?.isEnabled = false
        #expect(try written(controller)["screens"]?[1]?["popGesture"] == "disabled")
    }

    @Test func theAppsDelegate() throws {
        let controller = stack(titled(HomeViewController(), "Home"), titled(DetailViewController(), "Detail"))
        let delegate = SwipeBackDelegate()
        controller.interactivePopGestureRecognizer?.delegate = delegate
        let document = NavdProbe.document(for: controller)
        #expect(document.screens.last?.popGesture == .edge)
        #expect(document.notes.contains { $0.hasPrefix("interactivePopGestureRecognizer's delegate is the app's SwipeBackDelegate") })
        withExtendedLifetime(delegate) {}
    }
}

@MainActor
@Suite struct AdapterWrites {
    @Test func writeWritesTheDocumentItReturns() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("navd-probe-\(UInt64.random(in: 0...UInt64.max)).navd.json")
        defer { try? FileManager.default.removeItem(at: url) }
        UIDevice.current.systemVersion = "18.1"
        let document = try NavdProbe.write(stack(titled(HomeViewController(), "Home")), to: url, name: "launch")
        let json = try ParsedJSON(parsing: String(contentsOf: url, encoding: .utf8))
        #expect(json["name"] == "launch")
        #expect(json["profile"] == "ios17")
        #expect(try String(contentsOf: url, encoding: .utf8) == document.json)
    }
}

@MainActor
@Suite struct ScenarioDocuments {
    @Test func eachScenarioParsesWithItsNameAndScreens() throws {
        #expect(Scenario.all.count == Set(Scenario.all.map(\.name)).count)
        for scenario in Scenario.all {
            let json = try ParsedJSON(parsing: scenario.document().json)
            #expect(json["name"] == .string(scenario.name))
            #expect(json["format"] == "navd-session")
            #expect(json["screens"]?[0]?["id"] == "HomeViewController", "\(scenario.name)")
        }
    }
}
