import NavModel
import NavSource
import Testing

@testable import NavInterfaceBuilder

@Suite("Navigation bars and colours")
struct NavigationBarTests {
    let file = "Mail.storyboard"

    @Test func theNavigationControllersBarIsItsScreensSettings() throws {
        let navigation = try #require(try Fixture.read(file).screen("MailNavigationController"))
        let bar = at(file, 15, 21)
        #expect(
            navigation.settings == [
                Setting(.barTranslucent(.known(false)), at: bar),
                Setting(.prefersLargeTitles(.known(true)), at: bar),
                Setting(
                    .bar(
                        .barTintColor,
                        .literal(Color(red: 0.125_490_196_078_431_37, green: 0.250_980_392_156_862_74, blue: 0.501_960_784_313_725_48))),
                    at: at(file, 18, 25)),
                Setting(.bar(.tintColor, .system("systemOrange")), at: at(file, 19, 25)),
                // The title's text colour; the large title's attributes are another member, not read.
                Setting(.bar(.titleColor, .literal(Color.white)), at: at(file, 21, 29)),
                Setting(.appearance(.standard, background: .asset("MailBar")), at: at(file, 26, 25)),
                Setting(.appearance(.scrollEdge, background: .literal(Color.white)), at: at(file, 29, 25)),
                // An appearance with no background colour keeps the default background.
                Setting(.appearance(.compact, background: .none), at: at(file, 32, 25)),
            ])
    }

    @Test func aHiddenBarAndANilTintAreSettingsToo() throws {
        let compose = try #require(try Fixture.read(file).screen("Mail.storyboard#Mc8-Ty-5hV"))
        #expect(
            compose.settings == [
                Setting(.barHidden(.known(true)), at: at(file, 176, 17)),
                Setting(.bar(.barTintColor, .none), at: at(file, 180, 25)),
            ])
    }

    @Test func simulatedMetricsAreNotSettings() throws {
        // The Inbox scene simulates a large-title bar; that is how Interface Builder draws it, not a setting.
        let inbox = try #require(try Fixture.read(file).screen("InboxViewController"))
        #expect(!inbox.values.contains(.prefersLargeTitles(.known(true))))
    }

    @Test func colourAttributesInEveryFormXcodeWrites() {
        func value(_ attributes: String) -> ColorValue {
            var parsed: [String: String] = [:]
            for pair in attributes.split(separator: " ") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                parsed[String(parts[0])] = String(parts[1].dropFirst().dropLast())
            }
            return StoryboardColor.value(parsed)
        }
        #expect(
            value(#"red="0.2" green="0.4" blue="0.6" alpha="0.5" colorSpace="custom" customColorSpace="sRGB""#)
                == .literal(Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5)))
        #expect(
            value(#"red="1" green="0.5" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="displayP3""#)
                == .literal(Color(red: 1, green: 0.5, blue: 0)))
        #expect(
            value(#"red="1.2" green="-0.1" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="extendedSRGB""#)
                == .literal(Color(red: 1.2, green: -0.1, blue: 0)))
        #expect(
            value(#"red="0.5" green="0.5" blue="0.5" alpha="1" colorSpace="deviceRGB""#) == .literal(Color(red: 0.5, green: 0.5, blue: 0.5))
        )
        // Grey gamma 2.2 is close to sRGB: 0.5 is 0.5038.
        guard case .literal(let gray) = value(#"white="0.5" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace""#)
        else {
            Issue.record("a white colour is a literal")
            return
        }
        #expect(abs(gray.red - 0.5038) < 0.0005 && gray.red == gray.green && gray.green == gray.blue)
        #expect(value(#"white="0.0" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace""#) == .literal(.black))
        #expect(value(#"white="1" alpha="1" colorSpace="calibratedWhite""#) == .literal(.white))
        // Calibrated (generic, gamma 1.8) components are lighter in sRGB.
        guard case .literal(let calibrated) = value(#"red="0.5" green="0.0" blue="1" alpha="1" colorSpace="calibratedRGB""#) else {
            Issue.record("a calibrated colour is a literal")
            return
        }
        #expect(abs(calibrated.red - 0.5723) < 0.0005 && calibrated.green == 0 && calibrated.blue == 1)
        // Linear sRGB 0.2140 is sRGB 0.5.
        guard
            case .literal(let linear) = value(
                #"red="0.21404114" green="1" blue="0" alpha="1" colorSpace="custom" customColorSpace="linearSRGB""#)
        else {
            Issue.record("a linear colour is a literal")
            return
        }
        #expect(abs(linear.red - 0.5) < 0.0005)
        #expect(value(#"systemColor="systemBlueColor""#) == .system("systemBlue"))
        #expect(value(#"systemColor="labelColor""#) == .system("label"))
        #expect(value(#"cocoaTouchSystemColor="darkTextColor""#) == .system("darkText"))
        #expect(value(#"name="Brand""#) == .asset("Brand"))
        #expect(value(#"name="controlAccentColor" catalog="System" colorSpace="catalog""#) == .system("controlAccent"))
        // Spaces the model cannot convert, and numbers that are not numbers, are not guessed.
        #expect(value(#"red="0.2" green="0.4" blue="0.6" alpha="1" colorSpace="custom" customColorSpace="adobeRGB1998""#) == .unknown)
        #expect(value(#"cyan="0.2" magenta="0.4" yellow="0.6" black="0" alpha="1" colorSpace="deviceCMYK""#) == .unknown)
        #expect(value(#"red="nan" green="0.4" blue="0.6" alpha="1" colorSpace="custom" customColorSpace="sRGB""#) == .unknown)
        #expect(value(#"red="0.2" green="0.4" blue="0.6" alpha="full" colorSpace="custom" customColorSpace="sRGB""#) == .unknown)
    }

    @Test func aXibsBarInOlderColourSpaces() throws {
        let navigation = try #require(try Fixture.read("Library.xib").screen("Library.xib#Xn1-Nc-1aA"))
        guard case .bar(.barTintColor, .literal(let tint)) = navigation.values.first else {
            Issue.record("the bar tint is a literal colour")
            return
        }
        #expect(abs(tint.red - 0.5723) < 0.0005)
        #expect(navigation.values.dropFirst().first == .bar(.tintColor, .system("darkText")))
        guard case .bar(.titleColor, .literal(let title)) = navigation.values.last else {
            Issue.record("the title colour is a literal colour")
            return
        }
        #expect(abs(title.red - 0.5723) < 0.0005)
    }

    @Test func systemColoursUIKitKnowsStaySystemColours() {
        // The resources copy of a system colour is its light value only: UIKit's name keeps the dark one.
        let text = storyboard(
            scene(
                "Sc1-sc",
                """
                <navigationController id="Sc1-vc" customClass="ThemedNavigationController" sceneMemberID="viewController">
                    <navigationBar key="navigationBar" contentMode="scaleToFill" id="Sc1-nb">
                        <color key="barTintColor" systemColor="systemIndigoColor"/>
                        <color key="tintColor" systemColor="madeUpColor"/>
                    </navigationBar>
                </navigationController>
                """),
            resources: """
                    <systemColor name="systemIndigoColor">
                        <color red="0.34509803921568627" green="0.33725490196078434" blue="0.83921568627450982" alpha="1" \
                colorSpace="custom" customColorSpace="sRGB"/>
                    </systemColor>
                """)
        #expect(
            read(text).screen("ThemedNavigationController")?.values == [
                .bar(.barTintColor, .system("systemIndigo")),
                // Unknown to the palette and without a copy in the file: still named, for the linter to decide.
                .bar(.tintColor, .system("madeUp")),
            ])
    }

    @Test func colorsOutsideTheBarAreNotBarSettings() throws {
        // Background colours of views, cells and the bar view itself are not bar tints.
        let facts = try Fixture.read(file)
        let bars = facts.screens.flatMap(\.values).filter { if case .bar = $0 { return true } else { return false } }
        #expect(bars.count == 4)
    }
}
