class ReadOnlyAdmin:
    """For admin pages of records kept by the site itself: nothing is added, changed or
    deleted by hand (staff act through the admin actions instead)."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
