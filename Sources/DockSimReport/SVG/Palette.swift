/// The Okabe–Ito palette: eight colours that stay distinguishable under the common forms of colour
/// blindness (Okabe & Ito, "Color Universal Design", 2002). Lines also differ by dash pattern, so no
/// plot relies on colour alone.
public enum Palette {
  public static let black = "#000000"
  public static let orange = "#E69F00"
  public static let skyBlue = "#56B4E9"
  public static let bluishGreen = "#009E73"
  public static let yellow = "#F0E442"
  public static let blue = "#0072B2"
  public static let vermillion = "#D55E00"
  public static let reddishPurple = "#CC79A7"
  /// Neutral grey for grid lines and timeline markers (not data).
  public static let grid = "#DDDDDD"
  public static let marker = "#666666"
}
