print("kitchen")
