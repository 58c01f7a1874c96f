import NavModel
import Testing

@testable import NavProject

@Suite("Profiles for a deployment target")
struct ProfileCoveringTests {
    @Test(
        "every profile whose versions reach the target or later",
        arguments: [
            ("12.0", [Profile.ios11, .ios13, .ios14, .ios17, .ios26]),
            ("11", [.ios11, .ios13, .ios14, .ios17, .ios26]),
            ("9.3", [.ios10, .ios11, .ios13, .ios14, .ios17, .ios26]),
            ("7.0", Profile.allCases),
            ("13.0", [.ios13, .ios14, .ios17, .ios26]),
            ("14.0", [.ios14, .ios17, .ios26]),
            ("16.4", [.ios14, .ios17, .ios26]),
            ("17.2", [.ios17, .ios26]),
            ("18.0", [.ios17, .ios26]),
            ("26.0", [.ios26]),
            ("27.1", [.ios26]),
        ])
    func covering(target: String, expected: [Profile]) {
        #expect(Profile.covering(deploymentTarget: target) == expected)
    }

    @Test("an unknown target assumes an app for iOS 13 and later")
    func unknownTarget() {
        let modern: [Profile] = [.ios13, .ios14, .ios17, .ios26]
        #expect(Profile.covering(deploymentTarget: nil) == modern)
        #expect(Profile.covering(deploymentTarget: "$(RECOMMENDED_IPHONEOS_DEPLOYMENT_TARGET)") == modern)
        #expect(Profile.covering(deploymentTarget: "") == modern)
    }

    @Test("the ranges cover every version from 7 on, each in one profile")
    func ranges() {
        for major in 7...40 {
            #expect(Profile.allCases.filter { $0.coveredMajorVersions.contains(major) }.count == 1, "iOS \(major)")
        }
        for profile in Profile.allCases {
            #expect(profile.coveredMajorVersions.contains(profile.majorVersion))
        }
    }
}
