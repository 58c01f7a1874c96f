/// XML text and attribute escaping.
public enum XMLText {
    public static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for ch in s.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                // Characters XML 1.0 forbids (C0 controls except tab, newline, carriage return) become a space.
                if ch.value < 0x20 && ch != "\t" && ch != "\n" && ch != "\r" {
                    out += " "
                } else if ch.value == 0xFFFE || ch.value == 0xFFFF {
                    out += " "
                } else {
                    out.unicodeScalars.append(ch)
                }
            }
        }
        return out
    }
}
