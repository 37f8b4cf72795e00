NUMBER_GROUPING = (3, 2, 0)  # 12,34,567: thousands, then lakhs and crores
