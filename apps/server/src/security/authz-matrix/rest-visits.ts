import type { RestEntry } from './catalogue-types';
import { entry, write } from './rest-catalogue-helpers';

const TRACK = '/-/track_namespace_visits';

/**
 * IE-18's visit tracking: anonymous 401, a project or group the caller may not read 404 (nothing
 * stored, which the matrix's pristine-bundle check sees), a readable one 200 for any signed-in user.
 */
export const visitEntries: RestEntry[] = [
  entry(
    'POST',
    TRACK,
    'plain',
    () => TRACK,
    (c) => write(c, [c.o.project('read_project')], true),
    {
      body: (c) => ({ type: 'projects', id: c.b.space.project.id }),
    },
  ),
  entry(
    'POST',
    TRACK,
    'plain',
    () => TRACK,
    (c) => write(c, [c.o.group('read_group')], true),
    {
      body: (c) => ({ type: 'groups', id: c.b.space.group.id }),
    },
  ),
];
