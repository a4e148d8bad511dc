// Who may call the enterprise center's REST operations, written into their OpenAPI
// descriptions: the generic summaries name a permission, but not the scope that narrows it.
import type { PortPlugin } from '@core/shared';
import { COLLECTION_PERMS } from './collection';
import { ENTERPRISE_PERMS } from './enterprise';

type Json = Record<string, Record<string, unknown> | undefined>;

const ENTERPRISE_SCOPE = `Reviewers (${ENTERPRISE_PERMS.audit}) and the role 管理员 see every enterprise; anyone else only the enterprise of their own login account.`;
const COLLECTION_SCOPE =
  'Only a trader or customs broker whose own enterprise is approved may call it (otherwise HTTP 403 "未完善企业信息或非报关行、贸易商"), on the rows of that enterprise; the role 管理员 reads and exports every enterprise\'s rows but writes none.';

/** Permission and scope per operation, by path and method. */
const OPERATIONS: [string, string, string][] = [
  ['/api/customs/enterprise', 'get', `Permission ${ENTERPRISE_PERMS.list}. ${ENTERPRISE_SCOPE}`],
  ['/api/customs/enterprise', 'post', `Permission ${ENTERPRISE_PERMS.add}. Registers the enterprise of the caller's own login account (one per account).`],
  ['/api/customs/enterprise/{id}', 'get', `Permission ${ENTERPRISE_PERMS.list}. ${ENTERPRISE_SCOPE}`],
  ['/api/customs/enterprise/{id}', 'put', `Permission ${ENTERPRISE_PERMS.edit}. Only the owner's own enterprise; saving sets it back to not submitted.`],
  ['/api/customs/enterprise/export', 'get', `Permission ${ENTERPRISE_PERMS.list}. ${ENTERPRISE_SCOPE} A trader or customs broker thus exports their own enterprise record.`],
  ['/api/customs/enterprise/transition/submit', 'post', `Permission ${ENTERPRISE_PERMS.submit}. The owner's own enterprise.`],
  ['/api/customs/enterprise/transition/approve', 'post', `Permission ${ENTERPRISE_PERMS.audit} (platform reviewers, 管理员).`],
  ['/api/customs/enterprise/transition/fail', 'post', `Permission ${ENTERPRISE_PERMS.audit} (platform reviewers, 管理员); a reason is required.`],
  ['/api/customs/collectionInfo', 'get', `Permission ${COLLECTION_PERMS.list}. ${COLLECTION_SCOPE}`],
  ['/api/customs/collectionInfo', 'post', `Permission ${COLLECTION_PERMS.add}. ${COLLECTION_SCOPE}`],
  ['/api/customs/collectionInfo', 'delete', `Permission ${COLLECTION_PERMS.remove}. ${COLLECTION_SCOPE}`],
  ['/api/customs/collectionInfo/{id}', 'get', `Permission ${COLLECTION_PERMS.list}. ${COLLECTION_SCOPE}`],
  ['/api/customs/collectionInfo/{id}', 'put', `Permission ${COLLECTION_PERMS.edit}. ${COLLECTION_SCOPE}`],
  ['/api/customs/collectionInfo/{id}', 'delete', `Permission ${COLLECTION_PERMS.remove}. ${COLLECTION_SCOPE}`],
  ['/api/customs/collectionInfo/export', 'get', `Permission ${COLLECTION_PERMS.list}. ${COLLECTION_SCOPE}`],
  ['/api/customs/collectionInfo/transition/enable', 'post', `Permission ${COLLECTION_PERMS.edit}. ${COLLECTION_SCOPE}`],
  ['/api/customs/collectionInfo/transition/disable', 'post', `Permission ${COLLECTION_PERMS.edit}. ${COLLECTION_SCOPE}`],
];

export const enterpriseOpenApi: NonNullable<PortPlugin['openapi']> = (doc) => {
  for (const [path, method, description] of OPERATIONS) {
    const op = (doc.paths[path] as Json | undefined)?.[method];
    if (op) op.description = description;
  }
};
