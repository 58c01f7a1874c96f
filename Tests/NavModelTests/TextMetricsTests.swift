import Testing

@testable import NavModel

@Suite("Text width model (BB-6, GEO-11, GEO-12)")
struct TextMetricsTests {
    @Test("\"Back\" at 17 pt regular is inside the observed 37-40 pt (GEO-11)")
    func back() {
        let w = TextMetrics.width("Back")
        #expect(w > 37 && w < 40)
        #expect(abs(w - 37.791) < 1e-9)
    }

    @Test("width scales linearly with size")
    func linear() {
        let at17 = TextMetrics.width("Settings", size: 17)
        #expect(abs(TextMetrics.width("Settings", size: 34) - 2 * at17) < 1e-9)
        #expect(TextMetrics.width("Settings", size: 0) == 0)
    }

    @Test("semibold is at least as wide as regular")
    func semibold() {
        for text in ["Settings", "General", "Workbench", "iIl1", "All Contacts"] {
            #expect(TextMetrics.width(text, weight: .semibold) >= TextMetrics.width(text))
        }
        #expect(TextMetrics.width("Settings", weight: .semibold) > TextMetrics.width("Settings"))
    }

    @Test("widths add up character by character, and narrow letters are narrow")
    func additive() {
        #expect(abs(TextMetrics.width("ab") - TextMetrics.width("a") - TextMetrics.width("b")) < 1e-9)
        #expect(TextMetrics.width("i") < TextMetrics.width("m"))
        #expect(TextMetrics.width("W") > TextMetrics.width("I"))
        #expect(TextMetrics.width("") == 0)
    }

    @Test("CJK ideographs, kana and hangul are 1 em")
    func cjk() {
        #expect(TextMetrics.width("戻る") == 34)
        #expect(TextMetrics.width("뒤로") == 34)
        #expect(TextMetrics.width("返回", size: 10) == 20)
    }

    @Test("accents measure as the base letter; combining marks add nothing")
    func accents() {
        #expect(TextMetrics.width("Zurück") == TextMetrics.width("Zuruck"))
        #expect(TextMetrics.width("e\u{301}") == TextMetrics.width("é"))
        #expect(TextMetrics.width("Atrás") == TextMetrics.width("Atras"))
    }

    @Test("an emoji sequence is one character wide")
    func emoji() {
        #expect(TextMetrics.width("👨‍👩‍👧") == 17)
        #expect(TextMetrics.width("👍🏽") == 17)
    }

    @Test("other scripts use the documented 0.6 em default")
    func otherScripts() {
        #expect(abs(TextMetrics.width("Назад") - 5 * 0.6 * 17) < 1e-9)
        #expect(abs(TextMetrics.width("Назад", weight: .semibold) - 5 * 0.62 * 17) < 1e-9)
    }

    @Test("a string's width is the sum of its characters' widths: nothing carries over between calls or characters")
    func noCarryOver() {
        let text = "Notification Préférences 設定 ✈️"
        let sum = text.reduce(0.0) { $0 + TextMetrics.width(String($1)) }
        #expect(abs(TextMetrics.width(text) - sum) < 1e-9)
        #expect(TextMetrics.width(text) > TextMetrics.width("Notification"))
    }

    @Test("Helvetica Neue: 10 thousandths of an em more per ASCII character in regular, 1 more in the title's medium")
    func helveticaNeueOffsets() {
        for text in ["Passionfruit", "Back", "A Story About a Fish", "~!@ 09", "Zurück"] {
            let n = Double(text.count)
            let regular = TextMetrics.width(text, family: .helveticaNeue) - TextMetrics.width(text)
            #expect(abs(regular - n * 0.010 * 17) < 1e-9, "\(text)")
            let medium =
                TextMetrics.width(text, weight: .semibold, family: .helveticaNeue) - TextMetrics.width(text, weight: .semibold)
            #expect(abs(medium - n * 0.001 * 17) < 1e-9, "\(text)")
        }
        // 'Passionfruit' in an iOS 7 back button: 91 in the dump (ios7-long-back-title-320x480.txt).
        #expect(abs(TextMetrics.width("Passionfruit", family: .helveticaNeue) - 90.848) < 1e-9)
    }

    @Test("Helvetica Neue keeps the shared rules: CJK 1 em, other scripts 0.6 em, zero-width and combining marks 0")
    func helveticaNeueSharedRules() {
        #expect(TextMetrics.width("照片", family: .helveticaNeue) == 34)
        #expect(TextMetrics.width("👍🏽", family: .helveticaNeue) == 17)
        #expect(TextMetrics.width("Назад", family: .helveticaNeue) == TextMetrics.width("Назад"))
        #expect(TextMetrics.width("e\u{301}\u{200B}", family: .helveticaNeue) == TextMetrics.width("e", family: .helveticaNeue))
        #expect(TextMetrics.width("\u{A0}", family: .helveticaNeue) == TextMetrics.width(" ", family: .helveticaNeue))
    }

    @Test("each family's three ASCII tables are whole: 95 positive advances, the generated table's layout")
    func tables() {
        #expect(TextMetrics.asciiAdvances.count == 6 * TextMetrics.asciiCount)
        #expect(TextMetrics.asciiAdvances.allSatisfy { $0 > 0 })
        for family in TextMetrics.Family.allCases {
            for weight in [TextMetrics.Weight.regular, .semibold, .bold] {
                let space = TextMetrics.advance(of: " ", weight: weight, family: family)
                #expect(space == Int(TextMetrics.asciiAdvances[TextMetrics.tableOffset(family: family, weight: weight)]))
            }
        }
    }

    @Test("printable ASCII measures the same on its byte path as inside text that takes the cluster path")
    func asciiPathAgrees() {
        for family in TextMetrics.Family.allCases {
            for text in ["Passionfruit", "A Story About a Fish", " ~!{}|", "Root View Controller"] {
                for weight in [TextMetrics.Weight.regular, .semibold] {
                    let alone = TextMetrics.width(text, weight: weight, family: family)
                    let mixed =
                        TextMetrics.width(text + "設", weight: weight, family: family)
                        - TextMetrics.width("設", weight: weight, family: family)
                    #expect(abs(alone - mixed) < 1e-9, "\(text)")
                }
            }
        }
        // CR LF is one cluster, measured as its first scalar (a control: the 0.6 em default).
        #expect(abs(TextMetrics.width("a\r\nb") - TextMetrics.width("ab") - 0.6 * 17) < 1e-9)
    }
}
