// Fixture workspaces of the Rust and Python review profiles, kept here so README
// examples can be produced from them and checked against real runs.

/** A Cargo library crate: an order with a status enum and an amount alias in a sibling module. */
export const RUST_CRATE: Record<string, string> = {
  'Cargo.toml': '[package]\nname = "shop"\nversion = "0.1.0"\nedition = "2021"\n',
  'src/lib.rs': 'pub mod order;\npub mod money;\n',
  'src/money.rs': '/// An amount in cents.\npub type Cents = u64;\n\npub struct Price {\n    pub amount: Cents,\n    pub currency: String,\n}\n',
  'src/order.rs':
    'use crate::money::Cents;\nuse crate::money::Price as UnitPrice;\n\n#[derive(Debug, Clone, PartialEq)]\npub struct Order {\n    pub order_id: String,\n    pub customer_id: String,\n    pub total: Cents,\n    pub unit: UnitPrice,\n    pub status: Status,\n}\n\n#[derive(Debug, Clone, Copy, PartialEq, Eq)]\npub enum Status {\n    Open,\n    Paid,\n}\n\nimpl Order {\n    pub fn is_paid(&self) -> bool {\n        self.status == Status::Paid\n    }\n}\n',
};

/** The Order edit: the customer_id field added. */
export const RUST_ADDED = '    pub customer_id: String,\n';
