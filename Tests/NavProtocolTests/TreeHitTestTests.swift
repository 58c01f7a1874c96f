import JSONCore
import NavModel
import Testing

@testable import NavProtocol

/// `tree/hitTest` on the wire: View decoding with precise paths, text trees, limits and the result's shape.
struct TreeHitTestTests {
    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> JSON {
        ["x": .number(x), "y": .number(y), "width": .number(w), "height": .number(h)]
    }

    /// SEMANTICS section 6's worked tree, as a client sends it.
    static let worked: JSON = [
        "class": "UIView", "id": "R", "frame": rect(0, 0, 320, 480),
        "subviews": [
            [
                "class": "UIView", "id": "A", "frame": rect(0, 0, 100, 100), "action": "openA",
                "subviews": [["class": "UIButton", "id": "A1", "frame": rect(50, 50, 100, 100)]],
            ]
        ],
    ]

    static func params(_ tree: JSON, x: Double = 10, y: Double = 10, extra: JSONObject = [:]) -> JSON {
        var o: JSONObject = ["tree": tree, "point": ["x": .number(x), "y": .number(y)]]
        for m in extra { o[m.key] = m.value }
        return .object(o)
    }

    func run(_ json: JSON) throws(RPCError) -> JSON {
        TreeHitTest.evaluate(try TreeHitTest.Params(from: try ParamReader(json))).json
    }

    func error(_ json: JSON, limits: TreeLimits = TreeLimits()) -> RPCError? {
        do {
            _ = try TreeHitTest.Params(from: try ParamReader(json), limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test("HT-01: a JSON tree answers with the hit view's id, class and path, and the nearest action (HT-7)")
    func workedJSON() throws {
        let reply = try run(Self.params(Self.worked, x: 60, y: 60))
        #expect(reply["view"] == ["id": "A1", "class": "UIButton", "path": [0, 0]])
        #expect(reply["action"] == ["name": "openA", "path": [0]])
        #expect(reply["trace"] == nil)
        let a = try run(Self.params(Self.worked))
        #expect(a["view"]?["id"] == "A")
    }

    @Test("HT-03, HT-05: outside the parent and on the max edge, the root answers")
    func workedEdges() throws {
        #expect(try run(Self.params(Self.worked, x: 120, y: 120))["view"]?["id"] == "R")
        #expect(try run(Self.params(Self.worked, x: 100, y: 100))["view"]?["id"] == "R")
        #expect(try run(Self.params(Self.worked, x: 320, y: 0))["view"] == .null)
        #expect(try run(Self.params(Self.worked, x: 120, y: 120))["action"] == nil)
    }

    @Test("HT-2: the trace lists each visited view, its frame in root coordinates and its verdict")
    func traceShape() throws {
        let reply = try run(Self.params(Self.worked, x: 60, y: 60, extra: ["trace": true]))
        let trace = try #require(reply["trace"]?.arrayValue)
        #expect(trace.count == 3)
        #expect(trace[2] == ["view": "A1", "frame": Self.rect(50, 50, 100, 100), "verdict": "hit", "path": [0, 0], "class": "UIButton"])
        #expect(trace.map { $0["verdict"] } == ["hit", "hit", "hit"])
    }

    @Test(
        "HT-1, HT-4, HT-5, HT-6: optional View fields are read",
        arguments: [
            ("hidden", JSON.bool(true), "R"), ("userInteractionEnabled", JSON.bool(false), "R"), ("alpha", JSON.double(0.005), "R"),
            ("alpha", JSON.double(0.01), "A"), ("touchPolicy", JSON.string("passThrough"), "R"),
        ])
    func optionalFields(_ key: String, _ value: JSON, _ expected: String) throws {
        var tree = Self.worked
        var a = try #require(tree["subviews"]?.arrayValue?.first)
        a[key] = value
        tree["subviews"] = [a]
        #expect(try run(Self.params(tree))["view"]?["id"] == .string(expected))
    }

    @Test("HT-4: alphaRule lessThanOrEqual hides alpha 0.01")
    func alphaRuleParam() throws {
        var tree = Self.worked
        var a = try #require(tree["subviews"]?.arrayValue?.first)
        a["alpha"] = 0.01
        tree["subviews"] = [a]
        #expect(try run(Self.params(tree, extra: ["alphaRule": "lessThanOrEqual"]))["view"]?["id"] == "R")
        #expect(error(Self.params(tree, extra: ["alphaRule": "below"]))?.data?["path"] == "alphaRule")
    }

    @Test("HT-6: bounds, hitInsets and touchPolicy outside change the answer (seed 001)")
    func outsideTouch() throws {
        let tree: JSON = [
            "class": "UINavigationBar", "frame": Self.rect(0, 0, 320, 44),
            "subviews": [
                [
                    "class": "IXOutsideTouchView", "id": "container", "frame": Self.rect(16, 0, 44, 44), "touchPolicy": "outside",
                    "subviews": [
                        [
                            "class": "UIButton", "id": "button", "frame": Self.rect(-10, 0, 44, 44), "action": "pop",
                            "hitInsets": ["left": -4],
                        ]
                    ],
                ]
            ],
        ]
        let reply = try run(Self.params(tree, x: 3, y: 20))
        #expect(reply["view"]?["id"] == "button")
        #expect(reply["action"]?["name"] == "pop")
        // Without the outside policy, the bar keeps the touch.
        var plain = tree
        var container = try #require(plain["subviews"]?.arrayValue?.first)
        container["touchPolicy"] = "bounds"
        plain["subviews"] = [container]
        #expect(try run(Self.params(plain, x: 3, y: 20))["view"]?["class"] == "UINavigationBar")
        // A bounds origin shifts what the children see.
        container["bounds"] = Self.rect(-20, 0, 44, 44)
        plain["subviews"] = [container]
        #expect(try run(Self.params(plain, x: 16, y: 20))["view"]?["id"] == "container")
    }

    @Test(
        "View decoding errors name the exact field",
        arguments: [
            ("tree.class", "missing class"), ("tree.subviews[0].subviews[0].frame.width", "bad width"),
            ("tree.subviews[0].touchPolicy", "unknown touchPolicy"), ("tree.subviews[1]", "subview not an object"),
            ("tree.frame", "missing frame"), ("tree.subviews[0].hitInsets.left", "bad inset"), ("tree.subviews", "subviews not an array"),
            ("tree.subviews[0].alpha", "alpha string"), ("tree.subviews[0].frame.height", "negative height"),
        ])
    func decodingPaths(_ path: String, _ case_: String) throws {
        var tree = Self.worked
        var a = try #require(tree["subviews"]?.arrayValue?.first)
        var a1 = try #require(a["subviews"]?.arrayValue?.first)
        switch case_ {
        case "missing class": tree["class"] = nil
        case "bad width":
            a1["frame"] = ["x": 0, "y": 0, "width": "wide", "height": 1]
            a["subviews"] = [a1]
        case "unknown touchPolicy": a["touchPolicy"] = "sometimes"
        case "subview not an object": tree["subviews"] = [a, 42]
        case "missing frame": tree["frame"] = nil
        case "bad inset": a["hitInsets"] = ["left": true]
        case "subviews not an array": tree["subviews"] = ["class": "UIView"]
        case "alpha string": a["alpha"] = "half"
        default: a["frame"] = ["x": 0, "y": 0, "width": 10, "height": -1]
        }
        if case_ != "subview not an object" && case_ != "subviews not an array" { tree["subviews"] = [a] }
        let e = try #require(error(Self.params(tree)))
        #expect(e.code == ErrorCode.invalidParams)
        #expect(e.data?["path"] == .string(path))
        #expect(e.data?["expected"]?.stringValue?.isEmpty == false)
        if case_ == "unknown touchPolicy" {
            #expect(e.data?["expected"] == "one of \"bounds\", \"outside\", \"passThrough\"")
        }
    }

    @Test("tree and point are required and typed")
    func requiredParams() throws {
        #expect(error(["point": ["x": 1, "y": 1]])?.data?["path"] == "tree")
        #expect(error(["tree": 7, "point": ["x": 1, "y": 1]])?.data?["path"] == "tree")
        #expect(error(["tree": Self.worked])?.data?["path"] == "point")
        #expect(error(["tree": Self.worked, "point": ["x": "1", "y": 1]])?.data?["path"] == "point.x")
        #expect(error(["tree": Self.worked, "point": ["x": 1]])?.data?["path"] == "point.y")
        #expect(error(Self.params(Self.worked, extra: ["trace": "yes"]))?.data?["path"] == "trace")
    }

    static let dump = """
        <UIWindow: 0x8d6f970; frame = (0 0; 320 480); autoresize = W+H; gestureRecognizers = <NSArray: 0x8d5dbf0>; layer = <UIWindowLayer: 0x8d717d0>>
           | <UILayoutContainerView: 0x8d7bbf0; frame = (0 0; 320 480); autoresize = W+H; layer = <CALayer: 0x8d7bcd0>>
           |    | <UINavigationBar: 0x8d75c40; frame = (0 20; 320 44); opaque = NO; autoresize = W; layer = <CALayer: 0x8d70f00>>
           |    |    | <UINavigationItemButtonView: 0x8ab6c80; frame = (8 6; 41 30); opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x8ab6d60>>
           |    |    |    | <UILabel: 0x8ab6f10; frame = (-981 -995; 91 22); text = ''; clipsToBounds = YES; userInteractionEnabled = NO; layer = <CALayer: 0x8ab6fb0>>
           |    |    | <_UINavigationBarBackIndicatorView: 0x8d87560; frame = (8 12; 12.5 20.5); opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x8d87650>> - Back
        """

    @Test("HT-10: recursiveDescription text is accepted as the tree; ids are the addresses")
    func textTree() throws {
        let reply = try run(Self.params(.string(Self.dump), x: 20, y: 40, extra: ["trace": true]))
        #expect(reply["view"] == ["id": "0x8d75c40", "class": "UINavigationBar", "path": [0, 0]])
        let verdicts = try #require(reply["trace"]?.arrayValue).map { $0["verdict"] }
        #expect(verdicts == ["hit", "hit", "hit", "disabled", "disabled"])
    }

    @Test("a malformed text tree is -32602 at path 'tree' with the line number")
    func textErrors() throws {
        let broken = Self.dump + "\n   |    |    | <UIView: 0x1; frame = (0 0; 1)>"
        let e = try #require(error(Self.params(.string(broken))))
        #expect(e.code == ErrorCode.invalidParams)
        #expect(e.data?["path"] == "tree")
        #expect(e.data?["line"] == 7)
        #expect(e.message.contains("line 7"))
        let twoRoots = try #require(error(Self.params(.string(Self.dump + "\n<UIView: 0x2; frame = (0 0; 1 1)>"))))
        #expect(twoRoots.data?["line"] == 7)
        #expect(twoRoots.message.contains("top-level"))
    }

    @Test("trees beyond maxTreeNodes or maxTreeDepth are refused with 1005 and the limit's name")
    func limits() throws {
        let small = TreeLimits(maxTreeNodes: 2, maxTreeDepth: 10)
        let nodes = try #require(error(Self.params(Self.worked), limits: small))
        #expect(nodes.code == ErrorCode.limitExceeded)
        #expect(nodes.data?["name"] == "maxTreeNodes")
        #expect(nodes.data?["limit"] == 2)
        let shallow = TreeLimits(maxTreeNodes: 100, maxTreeDepth: 2)
        let depth = try #require(error(Self.params(Self.worked), limits: shallow))
        #expect(depth.code == ErrorCode.limitExceeded)
        #expect(depth.data?["name"] == "maxTreeDepth")
        let text = try #require(error(Self.params(.string(Self.dump)), limits: small))
        #expect(text.code == ErrorCode.limitExceeded)
        #expect(text.data?["name"] == "maxTreeNodes")
        #expect(text.data?["line"] == 3)
        // The defaults are the documented ones.
        #expect(TreeLimits() == TreeLimits(maxTreeNodes: 10_000, maxTreeDepth: 256))
    }

    @Test("a View survives encoding and decoding")
    func roundTrip() throws {
        let view = View(
            id: "c", className: "Container", frame: Rect(x: 1, y: 2, width: 3, height: 4.5),
            bounds: Rect(x: -1, y: 0, width: 3, height: 4.5),
            hidden: true, alpha: 0.25, userInteractionEnabled: false, touchPolicy: .outside,
            hitInsets: EdgeInsets(top: -1, left: -2, bottom: -3, right: -4), action: "go",
            subviews: [View(className: "UIButton", frame: Rect(x: 0, y: 0, width: 1, height: 1))])
        #expect(try View.decode(view.json, path: "tree") == view)
    }
}
