"""Shared set-up for the python-gitlab suite: the client the vitest runner points at a started
Meridian (MERIDIAN_URL, MERIDIAN_TOKEN, MERIDIAN_COLLEAGUE_TOKEN), and unique names so the test
modules never depend on one another's data."""
import itertools
import os
import unittest

import gitlab

_counter = itertools.count(1)


def client(token_env: str = "MERIDIAN_TOKEN") -> gitlab.Gitlab:
    gl = gitlab.Gitlab(os.environ["MERIDIAN_URL"], private_token=os.environ[token_env])
    gl.auth()
    return gl


def unique(prefix: str) -> str:
    return f"{prefix}-{os.getpid()}-{next(_counter)}"


def new_group(gl: gitlab.Gitlab, **attrs):
    path = unique("py")
    return gl.groups.create({"name": path, "path": path, **attrs})


def new_project(gl: gitlab.Gitlab, group):
    return gl.projects.create({"name": "Service", "path": "service", "namespace_id": group.id})


class GroupProjectCase(unittest.TestCase):
    """Tests sharing one client (MERIDIAN_TOKEN), a new group and a project in it, made once per class."""

    @classmethod
    def setUpClass(cls):
        cls.gl = client()
        cls.group = new_group(cls.gl)
        cls.project = new_project(cls.gl, cls.group)
