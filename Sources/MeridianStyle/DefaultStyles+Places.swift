extension DefaultStyles {
    /// The names of an imported region's places, from the OpenMapTiles `place` layer, in the given
    /// colours, with a trailing comma (the world source's `places` layer follows, and names the
    /// cities: its `Helsinki` wins over the region's, which is placed after it).
    ///
    /// Towns from camera zoom 10, villages and suburbs from 12, quarters, neighbourhoods and
    /// hamlets from 14 (style zooms 9, 11 and 13), each centred on its point with no dot (they name
    /// areas), towns largest and placed first.
    static func placeNames(text: String, halo: String) -> String {
        #"""
        { "id": "place-names", "type": "symbol", "source": "openmaptiles", "source-layer": "place", "minzoom": 9,
          "filter": ["all", ["!=", \#(name), ""],
                     ["match", ["get", "class"], "town", true,
                      ["village", "suburb"], [">=", ["zoom"], 11],
                      ["quarter", "neighbourhood", "hamlet"], [">=", ["zoom"], 13], false]],
          "layout": { "text-field": \#(name), "text-anchor": "center",
                      "text-size": ["match", ["get", "class"], "town", 13, ["village", "suburb"], 11.5, 10.5],
                      "symbol-sort-key": ["match", ["get", "class"], "town", 0, ["village", "suburb"], 1, 2] },
          "paint": { "text-color": "\#(text)", "text-halo-color": "\#(halo)", "text-halo-width": 1.5 } },
        """#
    }
}
