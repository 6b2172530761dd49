import type { FunctionRegistry } from '../../gateway/functions.js';
import { adminGetUsers } from './list.js';
import { getUserDetail } from './detail.js';
import { adminDeleteUserPreview } from './preview.js';
import { adminDeleteUser } from './delete.js';

/** Edge functions of the users area, as the embedded backend implements them. */
export const usersFunctions: FunctionRegistry = {
  'admin-get-users': adminGetUsers,
  'get-user-detail': getUserDetail,
  'admin-delete-user-preview': adminDeleteUserPreview,
  'admin-delete-user': adminDeleteUser,
};
