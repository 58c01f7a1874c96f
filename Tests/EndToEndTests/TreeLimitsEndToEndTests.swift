import JSONCore
import NavClient
import Testing

/// The tree limits are daemon flags like every other limit, and `tree/hitTest` names them.
@Suite("tree/hitTest limits on the real daemon")
struct TreeLimitsEndToEndTests {
    /// A chain of `depth` views, each inside the one before.
    func chain(_ depth: Int) -> JSON {
        var view: JSON = ["class": "UIView", "frame": ["x": 0, "y": 0, "width": 10, "height": 10]]
        for _ in 1..<depth {
            view = ["class": "UIView", "frame": ["x": 0, "y": 0, "width": 10, "height": 10], "subviews": [view]]
        }
        return view
    }

    /// A root with `count - 1` children.
    func flat(_ count: Int) -> JSON {
        let child: JSON = ["class": "UIView", "frame": ["x": 0, "y": 0, "width": 1, "height": 1]]
        return [
            "class": "UIView", "frame": ["x": 0, "y": 0, "width": 10, "height": 10],
            "subviews": .array(Array(repeating: child, count: count - 1)),
        ]
    }

    @Test("--max-tree-nodes and --max-tree-depth bound tree/hitTest with 1005 naming the limit")
    func limits() async throws {
        try await withClient(["--max-tree-nodes", "5", "--max-tree-depth", "3"]) { client, _ in
            let point: JSON = ["x": 1, "y": 1]
            _ = try await client.request("tree/hitTest", ["tree": flat(5), "point": point])
            let nodes = await rpcError { try await client.request("tree/hitTest", ["tree": flat(6), "point": point]) }
            #expect(nodes?.code == 1005)
            #expect(nodes?.data?["name"] == "maxTreeNodes")
            #expect(nodes?.data?["limit"] == 5)

            _ = try await client.request("tree/hitTest", ["tree": chain(3), "point": point])
            let depth = await rpcError { try await client.request("tree/hitTest", ["tree": chain(4), "point": point]) }
            #expect(depth?.code == 1005)
            #expect(depth?.data?["name"] == "maxTreeDepth")
            #expect(depth?.data?["limit"] == 3)
        }
    }
}
