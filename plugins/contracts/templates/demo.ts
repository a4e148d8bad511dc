// Demo templates: a transport contract, a customs entrustment and a purchase contract, each in
// Chinese, English and Burmese (standard templates with form fields and signature slots), the
// Chinese ones under the codes other plugins ask for (`transport`, `customsEntrustment`,
// `purchase`), the others `<code>.<lang>`.
import { createRow, demoActor, demoDataSeed, saveFile } from '@core/server';
import { resourceKey } from '@core/shared';
import { templateDef } from './contractTemplate';
import { templateResource } from './contractTemplate.server';
import { demoTemplates } from './demo-templates.server';

export const templatesDemo = demoDataSeed('templates-demo', async (knex, { registry }) => {
  const actor = await demoActor(knex, registry, 'operator');
  if (!actor) return;
  for (const tpl of await demoTemplates()) {
    const file = await saveFile(knex, { name: tpl.fileName, ext: 'pdf', bytes: tpl.pdf, resource: resourceKey(templateDef), recordId: null, createdBy: actor.user.id, createdByName: actor.user.username });
    await createRow(
      templateResource,
      actor,
      { name: tpl.title, code: tpl.lang === 'zh' ? tpl.kind : `${tpl.kind}.${tpl.lang}`, description: tpl.description, type: 'standard', lang: tpl.lang, fileId: file.id },
      actor.t,
      { knex, trusted: true },
    );
  }
});
