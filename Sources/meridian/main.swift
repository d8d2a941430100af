print("meridian")
