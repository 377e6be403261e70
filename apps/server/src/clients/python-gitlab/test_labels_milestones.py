import unittest

from support import GroupProjectCase, new_group, new_project


class LabelsAndMilestones(GroupProjectCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.group.labels.create({"name": "priority::high", "color": "#d9534f"})
        cls.group.labels.create({"name": "priority::low", "color": "#5cb85c"})
        cls.project.labels.create({"name": "bug", "color": "#ff0000", "description": "Something is broken"})

    def test_project_labels_with_and_without_ancestors(self):
        with_groups = self.project.labels.list(include_ancestor_groups=True, get_all=True)
        self.assertEqual(sorted(label.name for label in with_groups), ["bug", "priority::high", "priority::low"])
        own = self.project.labels.list(include_ancestor_groups=False, get_all=True)
        self.assertEqual([label.name for label in own], ["bug"])

    def test_scoped_group_labels(self):
        labels = self.group.labels.list(get_all=True)
        self.assertEqual(sorted(label.name for label in labels), ["priority::high", "priority::low"])
        self.assertTrue(all(label.name.startswith("priority::") for label in labels))

    def test_labels_are_edited_and_deleted(self):
        project = new_project(self.gl, new_group(self.gl))
        label = project.labels.create({"name": "temporary", "color": "#000000"})
        label.new_name = "short-lived"
        label.color = "#111111"
        label.save()
        self.assertEqual(project.labels.get("short-lived").color, "#111111")
        project.labels.delete("short-lived")
        self.assertEqual(project.labels.list(include_ancestor_groups=False, get_all=True), [])
        group = new_group(self.gl)
        group_label = group.labels.create({"name": "team::platform", "color": "#222222"})
        group_label.description = "Owned by the platform team"
        group_label.save()
        self.assertEqual(group.labels.get("team::platform").description, "Owned by the platform team")
        group_label.delete()
        self.assertEqual(group.labels.list(get_all=True), [])

    def test_project_and_group_milestones(self):
        release = self.project.milestones.create({"title": "v1.0", "due_date": "2030-06-30"})
        quarter = self.group.milestones.create({"title": "Q3", "start_date": "2030-07-01", "due_date": "2030-09-30"})
        self.assertEqual(release.due_date, "2030-06-30")
        self.assertEqual(quarter.start_date, "2030-07-01")
        self.assertEqual([m.title for m in self.project.milestones.list(get_all=True)], ["v1.0"])
        self.assertEqual([m.title for m in self.group.milestones.list(state="active", get_all=True)], ["Q3"])

    def test_a_milestone_is_closed_and_deleted(self):
        milestone = self.project.milestones.create({"title": "v0.9"})
        milestone.state_event = "close"
        milestone.save()
        self.assertEqual(self.project.milestones.get(milestone.id).state, "closed")
        closed = self.project.milestones.list(state="closed", get_all=True)
        self.assertEqual([m.title for m in closed], ["v0.9"])
        milestone.delete()
        self.assertEqual(self.project.milestones.list(state="closed", get_all=True), [])


if __name__ == "__main__":
    unittest.main()
