import MeridianServing

extension ServedData {
    /// The elevation model `/style.json` shades: the first stored raster source by name that holds
    /// heights (`elevation` as `meridian data import` names it); nil when the folder has none.
    var servedRelief: ServedStyle.Relief? {
        storedRasters.sorted { $0.key < $1.key }.lazy.compactMap { name, raster in
            raster.info.encoding.map {
                ServedStyle.Relief(name: name, encoding: $0, tileSize: raster.info.tileSize ?? 256)
            }
        }.first
    }
}
