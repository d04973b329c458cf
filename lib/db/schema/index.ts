export * from "./members";
export * from "./content";
export * from "./ops";
