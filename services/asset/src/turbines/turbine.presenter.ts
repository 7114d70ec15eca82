import { In, type EntityManager } from 'typeorm';
import { ComponentTypeEntity, COMPONENT_KINDS, type ComponentKind } from '../component-types/component-type.entity.js';
import { TURBINE_TYPE_COLUMN } from '../component-types/component-types.service.js';
import { InspectionRef } from '../activity/inspection-ref.entity.js';
import { DefectRef } from '../activity/defect-ref.entity.js';
import { Turbine, type Device } from './turbine.entity.js';
import { Blade } from './blade.entity.js';
import type { TurbineView } from './turbine.view.js';

/** What a turbine view is made of besides the turbine row: its types, blades, inspections and defect counts. */
export interface TurbineParts {
  types: Map<string, Pick<ComponentTypeEntity, 'name' | 'lengthM' | 'widthM'>>;
  blades: Pick<Blade, 'id' | 'turbineId' | 'position' | 'name' | 'serialNumber'>[];
  /** Newest first. */
  inspections: Pick<InspectionRef, 'inspectionId' | 'turbineId' | 'packageType' | 'componentType' | 'isActive' | 'inspectionDate'>[];
  defectCounts: Map<string, number>;
}

/** The turbine columns a view reads. */
export type TurbineRowOfView = Pick<
  Turbine,
  | 'id'
  | 'windParkId'
  | 'name'
  | 'serialNumber'
  | 'status'
  | 'generatorTypeId'
  | 'bladeTypeId'
  | 'nacelleTypeId'
  | 'towerTypeId'
  | 'foundationTypeId'
  | 'latitude'
  | 'longitude'
  | 'devices'
  | 'assetConfigs'
>;

/**
 * SPEC §3 turbine data, with blades (and their type's length/width), devices, asset configs and
 * activity; `inspections` lists the turbine's inspections too (single reads and all-turbines).
 */
export async function presentTurbines(m: EntityManager, rows: Turbine[], o: { inspections?: boolean } = {}): Promise<TurbineView[]> {
  if (!rows.length) return [];
  const ids = rows.map((t) => t.id);
  const typeIds = [
    ...new Set(rows.flatMap((t) => COMPONENT_KINDS.map((k) => t[TURBINE_TYPE_COLUMN[k]] as string | null)).filter((x): x is string => !!x)),
  ];
  const types = new Map((typeIds.length ? await m.find(ComponentTypeEntity, { where: { id: In(typeIds) } }) : []).map((t) => [t.id, t]));
  const blades = await m.find(Blade, { where: { turbineId: In(ids) }, order: { position: 'ASC' } });
  const inspections = await m.find(InspectionRef, { where: { turbineId: In(ids) }, order: { inspectionDate: 'DESC' } });
  const defectCounts = new Map<string, number>(
    (
      (await m
        .createQueryBuilder(DefectRef, 'd')
        .innerJoin(InspectionRef, 'i', 'i.inspectionId = d.inspectionId')
        .select('i.turbineId', 'turbineId')
        .addSelect('count(*)::int', 'n')
        .where('i.turbineId IN (:...ids)', { ids })
        .groupBy('i.turbineId')
        .getRawMany()) as { turbineId: string; n: number }[]
    ).map((r) => [r.turbineId, r.n]),
  );
  return turbineViews(rows, { types, blades, inspections, defectCounts }, o);
}

/** The views of `rows` from their parts, however they were read (entities here, one statement for the park's list). */
export function turbineViews(rows: TurbineRowOfView[], parts: TurbineParts, o: { inspections?: boolean } = {}): TurbineView[] {
  const { types, blades, inspections, defectCounts } = parts;
  return rows.map((t) => {
    const typeOf = (k: ComponentKind) => {
      const id = t[TURBINE_TYPE_COLUMN[k]] as string | null;
      return id ? (types.get(id) ?? null) : null;
    };
    const bladeType = typeOf('blade');
    const own = inspections.filter((i) => i.turbineId === t.id);
    // Inspection decides the active ("Latest") inspection per component; after a move brought
    // two active ones onto one turbine, the newer wins (own is newest first).
    const activeIds = new Set<string>();
    const seen = new Set<number>();
    for (const i of own) {
      if (!i.isActive || seen.has(i.componentType)) continue;
      seen.add(i.componentType);
      activeIds.add(i.inspectionId);
    }
    return {
      turbineId: t.id,
      turbineGuid: t.id,
      turbineName: t.name,
      serialNumber: t.serialNumber,
      turbineStatus: t.status,
      turbineTypeGuid: t.generatorTypeId,
      turbineTypeName: typeOf('generator')?.name ?? null,
      bladeTypeGuid: t.bladeTypeId,
      bladeTypeName: bladeType?.name ?? null,
      nacelleTypeGuid: t.nacelleTypeId,
      nacelleTypeName: typeOf('nacelle')?.name ?? null,
      towerTypeGuid: t.towerTypeId,
      towerTypeName: typeOf('tower')?.name ?? null,
      foundationTypeGuid: t.foundationTypeId,
      foundationTypeName: typeOf('foundation')?.name ?? null,
      windfarmId: t.windParkId,
      latitude: t.latitude,
      longitude: t.longitude,
      blades: blades
        .filter((b) => b.turbineId === t.id)
        .map((b) => ({
          bladeId: b.id,
          position: b.position,
          name: b.name,
          serialNumber: b.serialNumber,
          length: bladeType?.lengthM ?? null,
          width: bladeType?.widthM ?? null,
        })),
      devices: t.devices,
      assetConfigs: t.assetConfigs.map((c) => ({
        packageType: c.packageType,
        componentType: c.componentType,
        devices: c.deviceGuids.map((g) => t.devices.find((d) => d.guid === g)).filter((d): d is Device => !!d),
      })),
      inspectionCount: own.length,
      defectCount: defectCounts.get(t.id) ?? 0,
      lastInspectionTime: own[0]?.inspectionDate ?? null,
      ...(o.inspections
        ? {
            inspections: own.map((i) => ({
              inspectionId: i.inspectionId,
              inspectionGuid: i.inspectionId,
              packageType: i.packageType,
              componentType: i.componentType,
              isActive: activeIds.has(i.inspectionId),
              inspectionDate: i.inspectionDate,
            })),
          }
        : {}),
    };
  });
}

/** One turbine with its inspections: what single reads and writes answer. */
export async function presentTurbine(m: EntityManager, t: Turbine): Promise<TurbineView> {
  const [view] = await presentTurbines(m, [t], { inspections: true });
  return view!;
}
