import unittest

import gitlab

from support import client, new_group, new_project


class GroupsAndProjects(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.gl = client()
        cls.group = new_group(cls.gl, visibility="private", description="Planning for the platform team")
        cls.sub = cls.gl.groups.create({"name": "Backend", "path": "backend", "parent_id": cls.group.id})
        cls.project = new_project(cls.gl, cls.sub)

    def test_a_group_and_its_subgroup(self):
        self.assertEqual(self.group.visibility, "private")
        self.assertEqual(self.sub.full_path, f"{self.group.full_path}/backend")
        self.assertEqual(self.sub.parent_id, self.group.id)
        self.assertEqual([g.full_path for g in self.group.subgroups.list(get_all=True)], [self.sub.full_path])
        self.assertEqual([g.id for g in self.group.descendant_groups.list(get_all=True)], [self.sub.id])

    def test_groups_are_found_by_id_path_and_search(self):
        self.assertEqual(self.gl.groups.get(self.group.id).name, self.group.name)
        self.assertEqual(self.gl.groups.get(self.sub.full_path).id, self.sub.id)
        found = self.gl.groups.list(search=self.group.path, get_all=True)
        self.assertIn(self.group.id, [g.id for g in found])

    def test_a_group_is_updated(self):
        group = self.gl.groups.get(self.group.id)
        group.description = "Renamed by a script"
        group.save()
        self.assertEqual(self.gl.groups.get(self.group.id).description, "Renamed by a script")

    def test_projects_by_id_path_and_group(self):
        self.assertEqual(self.project.path_with_namespace, f"{self.sub.full_path}/service")
        self.assertEqual(self.gl.projects.get(self.project.path_with_namespace).id, self.project.id)
        listed = self.group.projects.list(include_subgroups=True, get_all=True)
        self.assertEqual([p.id for p in listed], [self.project.id])
        self.assertEqual(self.group.projects.list(include_subgroups=False, get_all=True), [])
        mine = self.gl.projects.list(membership=True, search="service", get_all=True)
        self.assertIn(self.project.id, [p.id for p in mine])

    def test_an_unknown_group_raises_the_clients_get_error(self):
        with self.assertRaises(gitlab.GitlabGetError) as caught:
            self.gl.groups.get("no-such-group-anywhere")
        self.assertEqual(caught.exception.response_code, 404)


if __name__ == "__main__":
    unittest.main()
