/**
 * The sites section's company details (one form per address variant, SPEC §1) and the
 * minimum message costs per country (SPEC §9), each saved with a reason and audited.
 */
import type { StaffCompany, StaffMessageCost } from '#src/contract/staff-sites.ts';
import { FormMessage, SelectField, TextField } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { field } from '../console-ui.tsx';
import { companyForm, costForm, listOf } from './sites-store.ts';
import { SITES_TEXT as TEXT } from './texts.ts';

function CompanyForm({ company }: { company: StaffCompany }) {
  const { busy, error } = useForm(companyForm);
  const title = `${TEXT.variant} ${company.variant}${company.variant === 0 ? ` (${TEXT.variant_main})` : ''}: ${company.name}`;
  return (
    <details className="card p-4">
      <summary className="min-h-11 cursor-pointer font-semibold">{title}</summary>
      <form
        key={JSON.stringify(company)}
        className="mt-3 grid gap-3 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          void companyForm.submit(
            {
              id: company.id,
              name: field(event, 'name'),
              address: field(event, 'address'),
              city: field(event, 'city'),
              country: field(event, 'country').toUpperCase(),
              kvk: field(event, 'kvk'),
              tradenames: field(event, 'tradenames')
                .split(',')
                .map((name) => name.trim())
                .filter(Boolean),
              vat_numbers: listOf(field(event, 'vat_numbers'), true),
              support_phone: field(event, 'support_phone'),
              delete_discount: field(event, 'delete_discount'),
            },
            field(event, 'reason'),
          );
        }}
      >
        <TextField label={TEXT.name} name="name" defaultValue={company.name} required />
        <TextField label={TEXT.address} name="address" defaultValue={company.address} required />
        <TextField label={TEXT.city} name="city" defaultValue={company.city} required />
        <TextField label={TEXT.country} name="country" defaultValue={company.country} required maxLength={2} />
        <TextField label={TEXT.kvk} name="kvk" defaultValue={company.kvk} required />
        <TextField label={TEXT.tradenames} name="tradenames" defaultValue={company.tradenames.join(', ')} />
        <TextField label={TEXT.vat_numbers} name="vat_numbers" defaultValue={company.vat_numbers.join(', ')} />
        <TextField label={TEXT.support_phone} name="support_phone" type="tel" defaultValue={company.support_phone} />
        <TextField label={TEXT.delete_discount} name="delete_discount" defaultValue={company.delete_discount} />
        <TextField label={TEXT.reason} name="reason" required minLength={3} maxLength={500} />
        {error && (
          <div className="sm:col-span-2">
            <FormMessage tone="danger">{error}</FormMessage>
          </div>
        )}
        <button type="submit" className="btn btn-outline self-end" disabled={busy}>
          {TEXT.save_company}
        </button>
      </form>
    </details>
  );
}

export function CompanyForms({ companies }: { companies: readonly StaffCompany[] }) {
  return (
    <section className="flex flex-col gap-3" aria-labelledby="companies-heading">
      <h2 id="companies-heading" className="text-lg font-bold">
        {TEXT.companies_title}
      </h2>
      {companies.map((company) => (
        <CompanyForm key={company.id} company={company} />
      ))}
    </section>
  );
}

export function MessageCosts({ costs }: { costs: readonly StaffMessageCost[] }) {
  const { busy, error } = useForm(costForm);
  return (
    <section className="flex flex-col gap-3" aria-labelledby="costs-heading">
      <h2 id="costs-heading" className="text-lg font-bold">
        {TEXT.costs_title}
      </h2>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="costs-heading">
        <table className="text-left text-sm">
          <thead>
            <tr>
              {[TEXT.col_country, TEXT.col_cost, TEXT.col_currency].map((label) => (
                <th key={label} scope="col" className="p-2">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {costs.map((cost) => (
              <tr key={cost.country} className="border-t border-line">
                <td className="p-2">{cost.country}</td>
                <td className="p-2">{cost.cost_minor}</td>
                <td className="p-2">{cost.currency}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void costForm.submit(field(event, 'country'), Number(field(event, 'cost_minor')), field(event, 'reason'));
        }}
      >
        <SelectField label={TEXT.cost_country} name="country">
          {costs.map((cost) => (
            <option key={cost.country} value={cost.country}>
              {cost.country}
            </option>
          ))}
        </SelectField>
        <TextField label={TEXT.cost_minor} name="cost_minor" type="number" min={0} step={1} required />
        <TextField label={TEXT.reason} name="reason" required minLength={3} maxLength={500} />
        <button type="submit" className="btn btn-outline" disabled={busy}>
          {TEXT.save_cost}
        </button>
      </form>
      {error && <FormMessage tone="danger">{error}</FormMessage>}
    </section>
  );
}
