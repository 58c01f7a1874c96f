print("navctl")
