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

/** A Python package in the `src/` layout: a dataclass order with a re-exported NewType, a status alias and a pydantic model. */
export const PYTHON_PACKAGE: Record<string, string> = {
  'pyproject.toml': '[project]\nname = "shop"\nversion = "0.1.0"\n',
  'src/shop/__init__.py': 'from .money import Cents\n',
  'src/shop/money.py': 'from typing import NewType\n\nCents = NewType("Cents", int)\n',
  'src/shop/status.py': 'from typing import Literal, TypeAlias\n\nStatus: TypeAlias = Literal["open", "paid"]\n',
  'src/shop/customer.py': 'from pydantic import BaseModel\n\n\nclass Customer(BaseModel):\n    name: str\n    email: str\n',
  'src/shop/order.py':
    'from dataclasses import dataclass\nfrom typing import Optional\n\nfrom shop import Cents\nfrom . import customer\nfrom .status import Status\n\n\n@dataclass\nclass Order:\n    order_id: str\n    customer_id: str\n    total: Cents\n    status: Status\n    buyer: customer.Customer\n    note: Optional[str] = None\n\n    def is_paid(self) -> bool:\n        return self.status == "paid"\n',
};

/** The Order edit: the customer_id field added. */
export const PYTHON_ADDED = '    customer_id: str\n';
