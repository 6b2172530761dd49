import type { FunctionRegistry } from '../gateway/functions.js';
import { adminGetUsers } from './users/list.js';
import { getUserDetail } from './users/detail.js';
import { adminDeleteUserPreview } from './users/preview.js';
import { adminDeleteUser } from './users/delete.js';

/** Edge functions of the users area, as the embedded backend implements them. */
export const usersFunctions: FunctionRegistry = {
  'admin-get-users': adminGetUsers,
  'get-user-detail': getUserDetail,
  'admin-delete-user-preview': adminDeleteUserPreview,
  'admin-delete-user': adminDeleteUser,
};
