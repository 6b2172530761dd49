import { useQueries } from '@tanstack/react-query';
import { callOp, opKey } from '../../api/hooks.js';
import type { UserListPage } from '../../../shared/contract/areas/users.js';
import type { UserListQuery } from '../../../shared/rules/users/list.js';
import type { AdminUserRow } from '../../../shared/rules/users/types.js';
import { USER_BLOCK } from './useUserList.js';

/**
 * The rows of the virtualised table, in blocks of USER_BLOCK read from main as they come into view (block 0 is
 * the screen's first answer). Returns the row at a position, or undefined while its block is on its way.
 */
export function useRowBlocks(query: UserListQuery, head: UserListPage, first: number, last: number): (i: number) => AdminUserRow | undefined {
  const wanted: number[] = [];
  for (let b = Math.floor(first / USER_BLOCK); b <= Math.floor(last / USER_BLOCK); b++) if (b > 0) wanted.push(b);
  const blocks = useQueries({
    queries: wanted.map((b) => {
      const input = { ...query, offset: b * USER_BLOCK, limit: USER_BLOCK };
      return { queryKey: opKey('users', 'page', input), queryFn: () => callOp('users', 'page', input) };
    }),
  });
  return (i) => {
    const b = Math.floor(i / USER_BLOCK);
    const page = b === 0 ? head : blocks[wanted.indexOf(b)]?.data?.data;
    return page?.rows[i - b * USER_BLOCK];
  };
}
